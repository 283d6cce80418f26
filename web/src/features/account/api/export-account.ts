/** GET /api/account/export (D21): a file download, so a plain link, not a query. */
export const ACCOUNT_EXPORT_URL = '/api/account/export';
