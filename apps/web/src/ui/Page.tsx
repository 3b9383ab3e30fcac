// The older name of NavPage, kept so screens not yet touched keep compiling.
export { NavPage as Page, type NavPageProps as PageProps } from './NavPage';
