// The older names of ListItem and List, kept so screens not yet touched keep compiling.
export { ListItem as Cell, List as CellGroup } from './ListItem';
