import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import healthRoutes from './health/health.routes';
import directoryRoutes from './directory/directory.routes';
import authRoutes from './auth/auth.routes';
import professionalsRoutes from './professionals/professionals.routes';
import providersRoutes from './providers/providers.routes';
import searchRoutes from './search/search.routes';
import appointmentsRoutes from './appointments/appointments.routes';
import reviewsRoutes from './reviews/reviews.routes';
import reviewsWriteRoutes from './reviews/reviews-write.routes';
import reviewModerationRoutes from './reviews/review-moderation.routes';
import adminModerationRoutes from './admin/admin-moderation.routes';
import adminRoutes from './admin/admin.routes';
import adminRegisterChangesRoutes from './admin/admin-register-changes.routes';
import accountRoutes from './account/account.routes';
import affiliationsRoutes from './affiliations/affiliations.routes';
import claimsRoutes from './claims/claims.routes';
import seoRoutes from './seo/seo.routes';
import scheduleRoutes from './schedule/schedule.routes';
import emergencyRoutes from './emergency/emergency.routes';
import translationSuggestionsRoutes from './i18n/translation-suggestions.routes';
import fhirRoutes from './fhir/fhir.routes';
import notifyRoutes from './notify/notify.routes';
import textPreferencesRoutes from './notify/text-preferences.routes';
import textTotalsRoutes from './notify/text-totals.routes';
import savedRoutes from './saved/saved.routes';
import photosRoutes from './photos/photos.routes';
import careReportsRoutes from './care-reports/care-reports.routes';
import careRoutes from './care/care.routes';
import adminCareListsRoutes from './admin/admin-care-lists.routes';
import ussdRoutes, { ussdPinRoutes } from './ussd/ussd.routes';

/** Every area's routes; each area owns its folder. */
export const modules: (FastifyPluginAsyncZod | ((app: FastifyInstance) => Promise<void>))[] = [
  healthRoutes,
  directoryRoutes,
  authRoutes,
  professionalsRoutes,
  providersRoutes,
  searchRoutes,
  appointmentsRoutes,
  reviewsRoutes,
  reviewsWriteRoutes,
  reviewModerationRoutes,
  adminModerationRoutes,
  adminRoutes,
  adminRegisterChangesRoutes,
  affiliationsRoutes,
  claimsRoutes,
  seoRoutes,
  accountRoutes,
  scheduleRoutes,
  emergencyRoutes,
  translationSuggestionsRoutes,
  fhirRoutes,
  notifyRoutes,
  textPreferencesRoutes,
  textTotalsRoutes,
  savedRoutes,
  photosRoutes,
  careReportsRoutes,
  careRoutes,
  adminCareListsRoutes,
  ussdRoutes,
  ussdPinRoutes,
];
