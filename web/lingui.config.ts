// Lingui (issue 50, decision 046): messages are written in the code with Lingui's macros,
// extracted into one PO catalog per language (`npx lingui extract` in web/), and compiled by
// @lingui/vite-plugin when the build imports a catalog: one chunk per language.
import { defineConfig } from '@lingui/cli';

/** The code whose messages are in the booking dialog's catalog. */
const BOOKING = ['<rootDir>/src/features/appointments/components/BookAppointmentDialog.tsx'];
/**
 * The code whose messages are in the search page's catalog (search.po): only the search page uses it (its page,
 * its results area and their parts), so the other pages do not load its texts.
 */
const SEARCH = ['<rootDir>/src/features/search'];
/**
 * The search page's parts that only the browser draws after a tap or an answer (the care filters, the near-me
 * place form): their texts are fetched with them (search-later.po), not with the page.
 */
const SEARCH_LATER = [
  '<rootDir>/src/features/care/components/CareFilters.tsx',
  '<rootDir>/src/features/search/components/NearMeAsk.tsx',
  // The texts few visits show, or that come with an answer (SearchLater: a card's care lines, the rarer states).
  '<rootDir>/src/features/search/later-texts.ts',
  '<rootDir>/src/features/care/open-state-text.ts',
  // A register listing's source line on a card (also in profile-later.po, for its profile).
  '<rootDir>/src/features/profiles/register-texts.ts',
  // A refused search's "Please wait N minutes" (also in profile-later.po, for a refused profile).
  '<rootDir>/src/lib/try-again-texts.ts',
];
/**
 * A profile page's parts that only the browser draws after a tap (the review's reply and report dialogs): their
 * texts are fetched with them (profile-later.po), not with the page.
 */
const PROFILE_LATER = [
  ...['ReplyDialog', 'ReportReviewDialog', 'ReviewActionDialog'].map((c) => `<rootDir>/src/features/reviews/components/${c}.tsx`),
  // The report reasons (also in dashboard.po, for the admin's moderation queue).
  '<rootDir>/src/features/reviews/report-reasons.ts',
  // A register listing's banner and actions on its profile (ProfileLaterText.tsx draws them).
  '<rootDir>/src/features/profiles/register-texts.ts',
  '<rootDir>/src/features/profiles/register-profile-texts.ts',
  // A profile refused by the limit ("Too Many Requests") or not found, drawn in another language by a lazy part.
  '<rootDir>/src/features/profiles/components/ProfileNotFound.tsx',
  '<rootDir>/src/lib/try-again-texts.ts',
];
/**
 * A profile's "Help keep this page right" card and its dialogs, drawn only in the browser for a signed-in visitor: their
 * texts are fetched with the card's code (care-report.po), not with any page.
 */
const CARE_REPORT = [
  ...['CareReportCard', 'SuggestEditDialog', 'VisitReportDialog'].map((c) => `<rootDir>/src/features/care-reports/components/${c}.tsx`),
  '<rootDir>/src/features/care-reports/said.ts',
];
/** Sign-in's and the password pages' own texts (auth.po), fetched with their code (features/auth/auth-messages.tsx). */
const AUTH = [
  ...['LoginPage', 'ForgotPasswordPage', 'ResetPasswordPage', 'ChangePasswordPage'].map((c) => `<rootDir>/src/features/auth/pages/${c}.tsx`),
  '<rootDir>/src/features/auth/said.ts',
  // The "Unauthorized" toast's words, fetched with this catalog when a signed-in page finds the session gone.
  '<rootDir>/src/features/auth/api/unauthorized-words.ts',
  // "Sign In Required", which draws itself with this catalog wherever a signed-in page shows it.
  '<rootDir>/src/features/auth/components/SignInRequired.tsx',
];
/**
 * The registration pages' own texts (register.po), fetched with their code (features/auth/register-messages.tsx): the three
 * forms, their fields, the schemas' and API's messages they show (features/auth/register-said.ts), and the licence fields
 * (also in the dashboard's catalog: the countries dialog and the claim page draw them there).
 */
const REGISTER = [
  '<rootDir>/src/features/auth/pages/RegisterPage.tsx',
  ...['AccountFields', 'AddressFields', 'PatientRegisterForm', 'ProfessionalRegisterForm', 'InstitutionRegisterForm', 'RegisterFormFrame', 'ReviewNotice'].map(
    (c) => `<rootDir>/src/features/auth/components/${c}.tsx`,
  ),
  '<rootDir>/src/features/auth/components/use-registration-submit.ts',
  '<rootDir>/src/features/auth/register-said.ts',
  '<rootDir>/src/components/LicenceFields.tsx',
];
/** Account settings' own texts (account.po), with its My plan form. */
const ACCOUNT = ['<rootDir>/src/features/account', '<rootDir>/src/features/care/components/MyPlanForm.tsx'];
/** The landing page's own texts (landing.po). */
const LANDING = ['<rootDir>/src/app/pages/LandingPage.tsx'];
/**
 * The profile pages' own texts (profile.po): the code only the two profile pages use (their parts, reviews and
 * their dialogs, the availability list). Not the profile setup page's forms, nor what the dashboard shows.
 */
const PROFILE = [
  '<rootDir>/src/features/profiles/pages/ProfessionalProfilePage.tsx',
  '<rootDir>/src/features/profiles/pages/InstitutionProfilePage.tsx',
  ...['ProviderProfile', 'ProfileParts', 'ReviewsSection', 'RatingSummary', 'RegisterListingParts', 'ProfileDialogs', 'ProfileSkeleton'].map(
    (c) => `<rootDir>/src/features/profiles/components/${c}.tsx`,
  ),
  '<rootDir>/src/features/reviews',
  '<rootDir>/src/features/appointments/components/ScheduleSection.tsx',
  // A profile's care facts (opening hours, health plans, fees) and its open-now line.
  '<rootDir>/src/features/care/components/CareSections.tsx',
  '<rootDir>/src/features/care/open-state-text.ts',
];

/**
 * The signed-in pages' own texts (dashboard.po, issue 50): the dashboards (provider, patient, admin), appointments,
 * profile setup, care facts editing, claims and affiliations. Fetched with their code (src/i18n/dashboard-messages.tsx),
 * never with a public page. Their code renders only under `DashboardMessages`.
 */
const DASHBOARD = [
  '<rootDir>/src/features/dashboard',
  '<rootDir>/src/features/admin',
  '<rootDir>/src/features/claims',
  // The report reasons (also in profile-later.po, for the report dialog).
  '<rootDir>/src/features/reviews/report-reasons.ts',
  '<rootDir>/src/features/affiliations',
  '<rootDir>/src/features/appointments/pages',
  '<rootDir>/src/features/saved/pages/SavedProvidersPage.tsx',
  '<rootDir>/src/features/appointments/components/AppointmentStatusBadge.tsx',
  // The owner's and the admin's flag lines, and a patient's "How was your visit?" under a completed appointment.
  ...['components/CareFlagsCard.tsx', 'components/VisitQuestion.tsx', 'flag-text.ts'].map((c) => `<rootDir>/src/features/care-reports/${c}`),
  ...['CareFactsCard', 'CareFactsDialog', 'CareFactsForm'].map((c) => `<rootDir>/src/features/care/components/${c}.tsx`),
  '<rootDir>/src/features/profiles/pages/ProfileSetupPage.tsx',
  ...['ProfileFormFrame', 'ProfessionalForm', 'InstitutionForm', 'LocationFields', 'ServicesInput', 'PhotoDialog', 'CountriesDialog'].map(
    (c) => `<rootDir>/src/features/profiles/components/${c}.tsx`,
  ),
  // Also in register.po: the countries dialog and the claim page draw the licence fields under DashboardMessages.
  '<rootDir>/src/components/LicenceFields.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ha', 'yo', 'ig', 'pcm'],
  // A message a catalog lacks is English, never its id.
  fallbackLocales: { default: 'en' },
  // The booking dialog's texts are a catalog of their own (booking.po), fetched with the dialog's code when it
  // first opens: every page's first load carries messages.po, and few visitors open the dialog.
  // So are the search page's (search.po), the landing page's (landing.po) and the profile pages' (profile.po),
  // fetched with their page (src/i18n/catalogs.ts): messages.po holds what every page shows (header, footer...).
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '**/*.test.*',
        ...BOOKING,
        '<rootDir>/src/features/search/**',
        ...SEARCH_LATER,
        ...LANDING,
        '<rootDir>/src/features/reviews/**',
        ...PROFILE.filter((p) => p.endsWith('.tsx')),
        '<rootDir>/src/features/account/**',
        ...DASHBOARD.map((p) => (/\.tsx?$/.test(p) ? p : `${p}/**`)),
        ...CARE_REPORT,
        ...AUTH,
        ...REGISTER,
        ...ACCOUNT.filter((p) => p.endsWith('.tsx')),
        ...PROFILE_LATER,
        '<rootDir>/src/features/profiles/register-texts.ts',
        '<rootDir>/src/features/profiles/register-profile-texts.ts',
      ],
    },
    { path: '<rootDir>/src/locales/{locale}/search', include: SEARCH, exclude: ['**/*.test.*', ...SEARCH_LATER] },
    { path: '<rootDir>/src/locales/{locale}/search-later', include: SEARCH_LATER },
    { path: '<rootDir>/src/locales/{locale}/account', include: ACCOUNT, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/auth', include: AUTH },
    { path: '<rootDir>/src/locales/{locale}/register', include: REGISTER },
    { path: '<rootDir>/src/locales/{locale}/landing', include: LANDING },
    { path: '<rootDir>/src/locales/{locale}/profile', include: PROFILE, exclude: ['**/*.test.*', ...PROFILE_LATER] },
    { path: '<rootDir>/src/locales/{locale}/profile-later', include: PROFILE_LATER },
    { path: '<rootDir>/src/locales/{locale}/care-report', include: CARE_REPORT },
    { path: '<rootDir>/src/locales/{locale}/booking', include: BOOKING, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/dashboard', include: DASHBOARD, exclude: ['**/*.test.*'] },
  ],
  orderBy: 'messageId',
});
