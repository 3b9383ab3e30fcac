import type { ReactNode } from 'react';
import { Navigate, createHashRouter, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage';
import { isDevOrigin } from '../platform/device';
import { lazyPage } from './chunk-reload';
import { DEV_LOGIN_PATH, LOGIN_PAGE_PATH, NEW_USER_PATH } from './navigation';
import { RequireLogin } from './RequireLogin';
import { RouteError } from './RouteError';
import { Shell } from './Shell';

// Every route except the home shell is its own chunk.
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const ImageListPage = lazyPage(() => import('../features/imaging/ImageListPage'));
const ImageAuthPage = lazyPage(() => import('../features/imaging/ImageAuthPage'));
const ImageDetailPage = lazyPage(() => import('../features/imaging/ImageDetailPage'));
const ImageSharePage = lazyPage(() => import('../features/imaging/ImageSharePage'));
const PhonePage = lazyPage(() => import('../features/auth/PhonePage'));
const VerifyPage = lazyPage(() => import('../features/auth/VerifyPage'));
const NewPasswordPage = lazyPage(() => import('../features/auth/NewPasswordPage'));
const ApplyPage = lazyPage(() => import('../features/auth/ApplyPage'));
const FilePage = lazyPage(() => import('../features/agreement/FilePage'));
const UserPage = lazyPage(() => import('../features/user/UserPage'));
const AccountPage = lazyPage(() => import('../features/user/AccountPage'));
const SettingsPage = lazyPage(() => import('../features/user/SettingsPage'));
const FontSizePage = lazyPage(() => import('../features/user/FontSizePage'));
const AboutPage = lazyPage(() => import('../features/user/AboutPage'));
const HelpPage = lazyPage(() => import('../features/help/HelpPage'));
const IntroducePage = lazyPage(() => import('../features/help/IntroducePage'));
const UseHelpPage = lazyPage(() => import('../features/help/UseHelpPage'));
const AssitPage = lazyPage(() => import('../features/help/AssitPage'));
const CancelAccountPage = lazyPage(() => import('../features/user/CancelAccountPage'));
const DemoPage = lazyPage(() => import('../features/dev/DemoPage'));
const UploadDemoPage = lazyPage(() => import('../features/upload/UploadDemoPage'));
const RolePage = lazyPage(() => import('../features/family/RolePage'));
const ProfilePage = lazyPage(() => import('../features/family/ProfilePage'));
const MinePage = lazyPage(() => import('../features/family/MinePage'));
const BmiPage = lazyPage(() => import('../features/family/BmiPage'));
const IllnessPage = lazyPage(() => import('../features/family/IllnessPage'));
const NewHealthHistoryPage = lazyPage(() => import('../features/family/NewHealthHistoryPage'));
const GenderPage = lazyPage(() => import('../features/family/GenderPage'));
const NewUserPage = lazyPage(() => import('../features/family/NewUserPage'));
const ChatHistoryPage = lazyPage(() => import('../features/chat/ChatHistoryPage'));
const ChatSearchPage = lazyPage(() => import('../features/chat/ChatSearchPage'));
const ChatCollectPage = lazyPage(() => import('../features/chat/ChatCollectPage'));
const SharePage = lazyPage(() => import('../features/chat/SharePage'));
const ChatSharesPage = lazyPage(() => import('../features/chat/ChatSharesPage'));
const FolderListPage = lazyPage(() => import('../features/folder/FolderListPage'));
const FolderDetailPage = lazyPage(() => import('../features/folder/FolderDetailPage'));
const FolderScanPage = lazyPage(() => import('../features/folder/FolderScanPage'));
const ReportPage = lazyPage(() => import('../features/report/ReportPage'));
const ReportQuestionPage = lazyPage(() => import('../features/report/ReportQuestionPage'));
const PdfPage = lazyPage(() => import('../features/report/PdfPage'));
const BloodPressurePage = lazyPage(() => import('../features/health/BloodPressurePage'));
const BloodPressureInfoPage = lazyPage(() => import('../features/health/BloodPressureInfoPage'));
const IndicatorListPage = lazyPage(() => import('../features/health/IndicatorListPage'));
const IndicatorInitPage = lazyPage(() => import('../features/health/IndicatorInitPage'));
const IndicatorEditPage = lazyPage(() => import('../features/health/IndicatorEditPage'));
const IndicatorDetailPage = lazyPage(() => import('../features/health/IndicatorDetailPage'));
const IndicatorHistoryPage = lazyPage(() => import('../features/health/IndicatorHistoryPage'));
const EatPage = lazyPage(() => import('../features/health/EatPage'));
const SportPage = lazyPage(() => import('../features/health/SportPage'));
const GuidePage = lazyPage(() => import('../features/health/GuidePage'));
const MedicineBoxPage = lazyPage(() => import('../features/health/MedicineBoxPage'));
const EmrPage = lazyPage(() => import('../features/health/EmrPage'));
const EmrAddPage = lazyPage(() => import('../features/health/EmrAddPage'));
const MedRemindListPage = lazyPage(() => import('../features/remind/MedRemindListPage'));
const NotifyPage = lazyPage(() => import('../features/remind/NotifyPage'));
const ReviewPage = lazyPage(() => import('../features/remind/ReviewPage'));
const ServiceInfoPage = lazyPage<object>(() => import('../features/pkg/PkgPages').then((m) => ({ default: m.ServiceInfoPage })));
const PayUsersPage = lazyPage<object>(() => import('../features/pkg/PkgPages').then((m) => ({ default: m.PayUsersPage })));
const PayOrderPage = lazyPage<object>(() => import('../features/pkg/PkgPages').then((m) => ({ default: m.PayOrderPage })));
const PayConfirmPage = lazyPage<object>(() => import('../features/pkg/PkgPages').then((m) => ({ default: m.PayConfirmPage })));
const PaySuccessPage = lazyPage<object>(() => import('../features/pkg/PkgPages').then((m) => ({ default: m.PaySuccessPage })));
const UserOrderPage = lazyPage<object>(() => import('../features/pkg/PkgPages').then((m) => ({ default: m.UserOrderPage })));

const ImChatPage = lazyPage<object>(() => import('../features/im/ImPages').then((m) => ({ default: m.ImChatPage })));
const ChatVerifyPage = lazyPage<object>(() => import('../features/im/ImPages').then((m) => ({ default: m.ChatVerifyPage })));
const UserPlanPage = lazyPage<object>(() => import('../features/im/ImPages').then((m) => ({ default: m.UserPlanPage })));
const PainAssessPage = lazyPage<object>(() => import('../features/im/PlanScreens').then((m) => ({ default: m.PainAssessPage })));
const PlanFoodPage = lazyPage<object>(() => import('../features/im/PlanScreens').then((m) => ({ default: m.FoodPage })));
const QaListPage = lazyPage<object>(() => import('../features/im/PlanScreens').then((m) => ({ default: m.QaListPage })));
const CertificatePage = lazyPage<object>(() => import('../features/im/ImPages').then((m) => ({ default: m.CertificatePage })));
/** The clinician workspace: its own chunk, its own (doctor) login; nothing of it is in the user bundle. */
const ClinicApp = lazyPage(() => import('../features/clinic/ClinicApp'));
const MessagePage = lazyPage(() => import('../features/message/MessagePage'));
const NotifySettingsPage = lazyPage(() => import('../features/message/NotifySettingsPage'));
const FeedbackPage = lazyPage<{ kind: 'suggestion' | 'complaint' }>(() => import('../features/message/FeedbackPage'));
const FeedbackLogPage = lazyPage<{ kind: 'suggestion' | 'complaint' }>(() => import('../features/message/FeedbackLogPage'));

const RealNamePage = lazyPage(() => import('../features/realname/RealNamePage'));
const BiometricPage = lazyPage(() => import('../features/biometric/BiometricPage'));
const ProfileDownloadPage = lazyPage(() => import('../features/account/ProfileDownloadPage'));
const ChangePhonePage = lazyPage<object>(() => import('../features/account/ChangePhonePages').then((m) => ({ default: m.ChangePhonePage })));
const IdentityVerifyPage = lazyPage<object>(() => import('../features/account/ChangePhonePages').then((m) => ({ default: m.IdentityVerifyPage })));
const BindNewPhonePage = lazyPage<object>(() => import('../features/account/ChangePhonePages').then((m) => ({ default: m.BindNewPhonePage })));
const InputVerifyPage = lazyPage<object>(() => import('../features/account/ChangePhonePages').then((m) => ({ default: m.InputVerifyPage })));

const authed = (page: ReactNode) => <RequireLogin>{page}</RequireLogin>;
const path = (p: string) => p.replace(/^\//, '');

/**
 * The route table (chat-core §2, account-health §2). Hash routing; unknown paths go to '/'.
 * /login and /demo exist only on development origins (see isDevOrigin); the login page itself is
 * reachable in every build as /signin.
 */
export function appRoutes(dev: boolean = isDevOrigin()): RouteObject[] {
  return [
    {
      element: <Shell />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <HomePage /> },
        { path: path(LOGIN_PAGE_PATH), element: <LoginPage /> },
        ...(dev
          ? [
              { path: path(DEV_LOGIN_PATH), element: <LoginPage /> },
              { path: 'demo', element: <DemoPage /> },
              { path: 'demo/upload', element: authed(<UploadDemoPage />) },
            ]
          : []),
        { path: 'phone', element: <PhonePage /> },
        { path: 'verify', element: <VerifyPage /> },
        { path: 'setting', element: <NewPasswordPage /> },
        { path: 'apply', element: <ApplyPage /> },
        { path: 'file', element: <FilePage /> },
        { path: 'share', element: <SharePage /> },
        { path: 'chat/history/:id', element: authed(<ChatHistoryPage />) },
        { path: 'chat/search', element: authed(<ChatSearchPage />) },
        { path: 'chat/collect', element: authed(<ChatCollectPage />) },
        { path: 'chat/shares', element: authed(<ChatSharesPage />) },
        { path: 'user', element: authed(<UserPage />) },
        { path: 'med-remind/list', element: authed(<MedRemindListPage />) },
        { path: 'user/notify', element: authed(<NotifyPage />) },
        { path: 'user/review', element: authed(<ReviewPage />) },
        { path: 'user/account', element: authed(<AccountPage />) },
        { path: 'user/setting', element: authed(<SettingsPage />) },
        { path: 'user/fontsize', element: authed(<FontSizePage />) },
        { path: 'user/about', element: <AboutPage /> },
        { path: 'help', element: <HelpPage /> },
        { path: 'introduce', element: <IntroducePage /> },
        { path: 'user/usehelp', element: <UseHelpPage /> },
        { path: 'user/assit', element: authed(<AssitPage />) },
        { path: 'user/off', element: authed(<CancelAccountPage />) },
        { path: 'user/role', element: authed(<RolePage />) },
        { path: 'user/profile', element: authed(<ProfilePage />) },
        { path: 'user/mine', element: authed(<MinePage />) },
        { path: 'user/bmi', element: authed(<BmiPage />) },
        { path: 'user/illness', element: authed(<IllnessPage />) },
        { path: 'user/new-health-history', element: authed(<NewHealthHistoryPage />) },
        { path: 'user/form', element: authed(<GenderPage />) },
        { path: NEW_USER_PATH.slice(1), element: authed(<NewUserPage />) },
        { path: 'user/folder/list', element: authed(<FolderListPage />) },
        { path: 'user/folder/detail', element: authed(<FolderDetailPage />) },
        { path: 'user/folder/scan', element: authed(<FolderScanPage />) },
        { path: 'user/image/list', element: authed(<ImageListPage />) },
        { path: 'user/image/auth', element: authed(<ImageAuthPage />) },
        { path: 'user/image/detail', element: authed(<ImageDetailPage />) },
        { path: 'share/imaging/:shareId', element: <ImageSharePage /> },
        { path: 'healthreport/question', element: authed(<ReportQuestionPage />) },
        { path: 'healthreport/v3/:id', element: authed(<ReportPage v3 />) },
        { path: 'healthreport/:id', element: authed(<ReportPage />) },
        { path: 'pdf', element: authed(<PdfPage />) },
        { path: 'user/blood-pressure', element: authed(<BloodPressurePage />) },
        { path: 'user/blood-pressure/info', element: authed(<BloodPressureInfoPage />) },
        { path: 'indicator/list', element: authed(<IndicatorListPage />) },
        { path: 'indicator/init', element: authed(<IndicatorInitPage />) },
        { path: 'indicator/edit', element: authed(<IndicatorEditPage />) },
        { path: 'indicator/detail', element: authed(<IndicatorDetailPage />) },
        { path: 'indicator/history', element: authed(<IndicatorHistoryPage />) },
        { path: 'user/eat', element: authed(<EatPage />) },
        { path: 'user/sport', element: authed(<SportPage />) },
        { path: 'user/guide', element: authed(<GuidePage />) },
        { path: 'user/medicine', element: authed(<MedicineBoxPage />) },
        { path: 'user/emr', element: authed(<EmrPage />) },
        { path: 'user/emr/add', element: authed(<EmrAddPage />) },
        { path: 'pkg/service/info', element: authed(<ServiceInfoPage />) },
        { path: 'pkg/pay/users', element: authed(<PayUsersPage />) },
        { path: 'pkg/pay/order', element: authed(<PayOrderPage />) },
        { path: 'pkg/pay/confirm', element: authed(<PayConfirmPage />) },
        { path: 'pkg/pay/success', element: authed(<PaySuccessPage />) },
        { path: 'user/order', element: authed(<UserOrderPage />) },
        { path: 'pkg/pay/certificate', element: authed(<CertificatePage />) },
        { path: 'im/chat', element: authed(<ImChatPage />) },
        { path: 'chat/verify/:chatVerifyId', element: authed(<ChatVerifyPage />) },
        { path: 'user/plan', element: authed(<UserPlanPage />) },
        { path: 'pkg/pain-assess', element: authed(<PainAssessPage />) },
        { path: 'pkg/food', element: authed(<PlanFoodPage />) },
        { path: 'pkg/qa-list', element: authed(<QaListPage />) },
        { path: 'clinic', element: <ClinicApp /> },
        { path: 'user/message', element: authed(<MessagePage />) },
        { path: 'user/profileDownload', element: authed(<ProfileDownloadPage />) },
        { path: 'user/account/changephone', element: authed(<ChangePhonePage />) },
        { path: 'user/account/biometric', element: authed(<BiometricPage />) },
        { path: 'user/auth/:id', element: authed(<RealNamePage />) },
        { path: 'user/account/identityverify', element: authed(<IdentityVerifyPage />) },
        { path: 'user/account/bindnewphone', element: authed(<BindNewPhonePage />) },
        { path: 'user/account/inputverify', element: authed(<InputVerifyPage />) },
        { path: 'user/notifys', element: authed(<NotifySettingsPage />) },
        { path: 'user/feedback', element: <FeedbackPage kind="suggestion" /> },
        { path: 'user/feedback/log', element: authed(<FeedbackLogPage kind="suggestion" />) },
        { path: 'user/about/report', element: authed(<FeedbackPage kind="complaint" />) },
        { path: 'user/about/log', element: authed(<FeedbackLogPage kind="complaint" />) },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

export const createAppRouter = () => createHashRouter(appRoutes());
