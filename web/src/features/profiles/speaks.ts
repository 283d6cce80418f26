// Issue 50: "Speaks English, Hausa" from a professional's language codes (contracts' list), on result cards.
import { languageName } from '@ilera/contracts';

export const speaks = (codes: readonly string[] | undefined): string | undefined =>
  codes?.length ? `Speaks ${codes.map(languageName).join(', ')}` : undefined;
