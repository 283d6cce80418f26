/** True for an error raised by the API client for a 404 answer ("404: ..."). */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('404:');
}
