export const AFFILIATIONS_KEY = '/api/affiliations';
