import { lazy, Suspense, useEffect, useState } from 'react';
import { createRoutesFromChildren, matchRoutes, Route, Routes, useLocation } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { useAuth } from '../features/auth/api/use-auth';
import { SessionExpiryWatch } from '../features/auth/components/SessionExpiryWatch';
import { shouldShowConnectionDialog } from '../lib/device';
import { ShellLayout } from './ShellLayout';
import { withPageCatalog } from '../i18n/catalogs';

// Every page is its own chunk: the first load of a phone on metered data fetches
// only the shell and the page it opens.
// Issue 50: the landing, search and profile pages' texts are catalogs of their own, fetched with their code.
const LandingPage = lazy(() => withPageCatalog('landing', () => import('./pages/LandingPage')));
const AboutPage = lazy(() => import('./pages/AboutPage'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage'));
const TermsPage = lazy(() => import('./pages/TermsPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const MobileHelpPage = lazy(() => import('./pages/MobileHelpPage'));
const MobileAccessPage = lazy(() => import('./pages/MobileAccessPage'));

const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/ResetPasswordPage'));
const ChangePasswordPage = lazy(() => import('../features/auth/pages/ChangePasswordPage'));

const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));
const SearchPage = lazy(() => withPageCatalog('search', () => import('../features/search/pages/SearchPage')));
const ProfessionalProfilePage = lazy(() => withPageCatalog('profile', () => import('../features/profiles/pages/ProfessionalProfilePage')));
const InstitutionProfilePage = lazy(() => withPageCatalog('profile', () => import('../features/profiles/pages/InstitutionProfilePage')));
const ClaimPage = lazy(() => import('../features/claims/pages/ClaimPage'));
const ProfileSetupPage = lazy(() => import('../features/profiles/pages/ProfileSetupPage'));
const AppointmentsPage = lazy(() => import('../features/appointments/pages/AppointmentsPage'));
const AccountPage = lazy(() => withPageCatalog('account', () => import('../features/account/pages/AccountPage')));
const SavedProvidersPage = lazy(() => import('../features/saved/pages/SavedProvidersPage'));

const AdminLoginPage = lazy(() => import('../features/admin/pages/AdminLoginPage'));
const AdminDashboardPage = lazy(() => import('../features/admin/pages/AdminDashboardPage'));
const AdminAddUserPage = lazy(() => import('../features/admin/pages/AdminAddUserPage'));
const AdminChangePasswordPage = lazy(() => import('../features/admin/pages/AdminChangePasswordPage'));

const MobileConnectionDialog = lazy(() => import('../components/MobileConnectionDialog'));

// One element for every render: when the session check answers (signed out), React
// sees the same element and keeps the landing page as it is instead of rendering it again.
const landingPage = <LandingPage />;

/** Spec §2/§4: "/" is the landing page when signed out or still loading, the dashboard when signed in. */
function HomeRoute() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) {
    return (
      <ShellLayout>
        <DashboardPage />
      </ShellLayout>
    );
  }
  return landingPage;
}

/** Every screen of the app; an address none of them names is the "404 Page Not Found" page. */
const appRoutes = (
  <>
    <Route path="/" element={<HomeRoute />} />

    {/* Full-screen pages that draw their own frame. */}
    <Route path="/login" element={<LoginPage />} />
    <Route path="/register" element={<RegisterPage />} />
    <Route path="/forgot-password" element={<ForgotPasswordPage />} />
    <Route path="/reset-password" element={<ResetPasswordPage />} />
    <Route path="/admin/login" element={<AdminLoginPage />} />
    <Route path="/admin" element={<AdminDashboardPage />} />
    <Route path="/admin/change-password" element={<AdminChangePasswordPage />} />
    <Route path="/admin/add-user" element={<AdminAddUserPage />} />

    <Route element={<ShellLayout />}>
      {/* Public directory (D1). */}
      <Route path="/search" element={<SearchPage />} />
      <Route path="/professional/:id" element={<ProfessionalProfilePage />} />
      <Route path="/institution/:id" element={<InstitutionProfilePage />} />
      <Route path="/claim/:id" element={<ClaimPage />} />
      {/* Signed-in pages: each page shows its own sign-in prompt when signed out. */}
      <Route path="/profile-setup" element={<ProfileSetupPage />} />
      <Route path="/appointments" element={<AppointmentsPage />} />
      <Route path="/change-password" element={<ChangePasswordPage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path="/saved-providers" element={<SavedProvidersPage />} />
      {/* Always available. */}
      <Route path="/mobile-help" element={<MobileHelpPage />} />
      <Route path="/mobile-access" element={<MobileAccessPage />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>
);

/**
 * Issue 48: whether an address is a screen of the app, so the server answers any other with
 * the 404 status (and the "404 Page Not Found" page it draws), as crawlers and `curl` see it.
 */
export function isAppPath(pathname: string): boolean {
  // The same screens in another language (issue 50: /ha, /yo, /ig, /pcm before the path).
  const path = pathname.replace(/^\/(?:ha|yo|ig|pcm)(?=\/|$)/, '') || '/';
  const matches = matchRoutes(createRoutesFromChildren(appRoutes), path);
  return !!matches && matches[matches.length - 1]!.route.path !== '*';
}

export function AppRoutes() {
  // Decided once per page load: the dialog's code is fetched only when it is needed.
  // After the first render, which must match the server's HTML (the server knows no screen).
  const [showConnectionDialog, setShowConnectionDialog] = useState(false);
  useEffect(() => setShowConnectionDialog(shouldShowConnectionDialog()), []);
  const { pathname } = useLocation();

  return (
    // Issue 35: a page whose code cannot load (offline) says so instead of an empty screen.
    <PageErrorBoundary path={pathname}>
      <Suspense fallback={<PageLoader />}>
        <SessionExpiryWatch />
        <Routes>{appRoutes}</Routes>
        {showConnectionDialog && (
          <Suspense fallback={null}>
            <MobileConnectionDialog />
          </Suspense>
        )}
      </Suspense>
    </PageErrorBoundary>
  );
}
