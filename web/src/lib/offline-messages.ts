// What Ilera says when the network is gone (issue 35): here, without React, because the page's
// loader (main.tsx) says it too when the app itself cannot be fetched.

/** Shown whenever a write (a booking, an edit) could not be sent: nothing is faked offline. */
export const OFFLINE_MESSAGE = 'You are offline. Nothing was sent: try again when you are connected.';

/** A page whose code is not on the phone, opened offline. */
export const OFFLINE_PAGE_MESSAGE = 'This page is not saved on your phone yet. Try again when you are connected.';

/** After "Saved copy from <time>." on a page the service worker served from its cache. */
export const SAVED_COPY_TEXT = 'You seem to be offline: this is what Ilera showed when you last had a connection.';
