// A local Africa's Talking USSD gateway and handset (issue 49), for tests and the bench: it dials and answers
// menus the way the provider does. Per the provider's documentation, each step of a session is one POST to
// the callback URL, application/x-www-form-urlencoded: sessionId (the same for the whole session),
// serviceCode (the code dialled), phoneNumber (E.164), networkCode (the carrier: 62130 MTN Nigeria, 62120
// Airtel, 62150 Glo, 62160 9mobile) and text (every answer so far joined by '*', '' on the first request).
// The answer must be text/plain beginning 'CON ' (the session goes on, the handset waits for input) or
// 'END ' (the session ends); a screen shows at most 182 characters; any other answer (an HTTP error, a
// body without CON/END) ends the session as the provider does. The handset records every screen it was shown.
import { randomUUID } from 'node:crypto';

export const USSD_SCREEN_MAX = 182;

export interface UssdScreen {
  /** The session goes on (CON). */
  goesOn: boolean;
  /** What the phone shows (without CON/END). */
  text: string;
}

class UssdSessionEnded extends Error {}

export class UssdHandset {
  private sessionId = '';
  private answers: string[] = [];
  private open = false;
  /** Every screen this handset was shown, in order, over all its sessions. */
  readonly screens: string[] = [];
  /** How long each step took to answer (ms), for the bench. */
  readonly stepMs: number[] = [];

  constructor(
    private readonly callbackUrl: string,
    readonly phoneNumber: string,
    private readonly options: { serviceCode?: string; networkCode?: string } = {},
  ) {}

  /** Dials the service code: a new session, its first screen. */
  async dial(): Promise<UssdScreen> {
    this.sessionId = `ATUid_${randomUUID().replace(/-/g, '')}`;
    this.answers = [];
    this.open = true;
    return this.step();
  }

  /** Types an answer and sends it. */
  async answer(input: string): Promise<UssdScreen> {
    if (!this.open) throw new UssdSessionEnded('the session has ended: dial again');
    this.answers.push(input);
    return this.step();
  }

  /** Answers several screens in turn; the last screen. */
  async go(...inputs: string[]): Promise<UssdScreen> {
    let last: UssdScreen | undefined;
    for (const i of inputs) last = await this.answer(i);
    return last!;
  }

  /** The provider sends the same step again (its request timed out on the way): the same form, once more. */
  async resend(): Promise<UssdScreen> {
    this.open = true;
    return this.step();
  }

  /** The carrier ends a session the person stopped answering (about 180 s): nothing is sent to the callback. */
  timeOut(): void {
    this.open = false;
  }

  get session(): string {
    return this.sessionId;
  }

  private async step(): Promise<UssdScreen> {
    const form = new URLSearchParams({
      sessionId: this.sessionId,
      serviceCode: this.options.serviceCode ?? '*347*49#',
      phoneNumber: this.phoneNumber,
      networkCode: this.options.networkCode ?? '62130',
      text: this.answers.join('*'),
    });
    const started = performance.now();
    const res = await fetch(this.callbackUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    const body = await res.text();
    this.stepMs.push(performance.now() - started);
    if (res.status !== 200) {
      this.open = false;
      throw new UssdSessionEnded(`the callback answered ${res.status}: ${body.slice(0, 200)}`);
    }
    if (!/^text\/plain/.test(res.headers.get('content-type') ?? '')) throw new Error(`the callback answered ${res.headers.get('content-type')}, not text/plain`);
    const m = /^(CON|END) ([\s\S]*)$/.exec(body);
    if (!m) {
      this.open = false;
      throw new UssdSessionEnded(`malformed answer (neither CON nor END): ${body.slice(0, 80)}`);
    }
    const text = m[2]!;
    this.screens.push(text);
    if (text.length > USSD_SCREEN_MAX) throw new Error(`a screen of ${text.length} characters (at most ${USSD_SCREEN_MAX}):\n${text}`);
    this.open = m[1] === 'CON';
    return { goesOn: this.open, text };
  }
}
