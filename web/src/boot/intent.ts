// Hydrate on intent (issue 35): which of a visitor's actions on a server-drawn page need the
// app, and how the first of them is kept until the app can answer it. No React here: this
// runs in the page's loader (main.tsx), before the app is fetched.
//
// The rule. An event needs the app when it is a pointerdown, click, keydown (other than
// Tab, Escape and modifier keys alone), focusin, input or change whose target lies in a control, and the
// control is not one the browser handles by itself. Controls: a, button, input, select,
// textarea, label, summary, and elements with a widget role (button, switch, checkbox,
// radio, tab, combobox, menuitem, option, slider, textbox), aria-haspopup or a tabindex of
// 0 or more. What the browser handles by itself:
// - a link (a[href] without a widget role): it navigates, the next page is drawn by the server;
// - a <summary> (its <details> opens and closes) and a label of such a control;
// - in a form with an `action` (a GET form the server answers, as the landing and search pages'):
//   its text fields (typing, and Enter, which sends the form) and its submit buttons.
// Everything else (a filter, a switch, a menu, a dialog's button, a native select whose choice
// changes the page, a field of a form without an action) needs the app. Plain text, images
// and empty space are not controls: tapping, selecting or scrolling them loads nothing.
//
// Until the app has hydrated the element concerned: a click that needs the app is held
// (prevented) and done again (el.click()) once; a click on a select, a text field, a checkbox or
// a radio goes through (the phone's picker opens, the caret lands, the box ticks at once) and
// what is chosen, typed or ticked is handed to React after (an input, change or click event
// React sees as the change it is); a focus is said again (focusin); a form sent meanwhile is
// sent again through the app (requestSubmit), or by the browser if the app cannot be fetched.

const CONTROLS = [
  'a',
  'button',
  'input',
  'select',
  'textarea',
  'label',
  'summary',
  ...['button', 'switch', 'checkbox', 'radio', 'tab', 'combobox', 'menuitem', 'option', 'slider', 'textbox'].map((r) => `[role="${r}"]`),
  '[aria-haspopup]',
  '[tabindex]:not([tabindex^="-"])',
].join(',');

const TEXT_TYPES = new Set(['', 'text', 'search', 'email', 'tel', 'url', 'number', 'password']);
const NOT_INTENT_KEYS = new Set(['Tab', 'Escape', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement;
const isFormControl = (el: Element): el is FormControl =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement || el instanceof HTMLButtonElement;

/** A form the server answers: it has an `action` and is sent as GET. */
const sentByBrowser = (form: HTMLFormElement | null) => !!form && form.hasAttribute('action') && form.method === 'get';

/** A control the browser handles without the app (see the rule above). */
export function handledByBrowser(control: Element): boolean {
  if (control instanceof HTMLAnchorElement) return control.hasAttribute('href') && !control.hasAttribute('role');
  if (control instanceof HTMLLabelElement) return control.control ? handledByBrowser(control.control) : true;
  if (control.localName === 'summary') return true; // <details> opens and closes by itself
  if (!isFormControl(control) || !sentByBrowser(control.form)) return false;
  if (control instanceof HTMLTextAreaElement) return true;
  if (control instanceof HTMLButtonElement) return control.type === 'submit';
  if (control instanceof HTMLInputElement) {
    return (TEXT_TYPES.has(control.type) && !control.readOnly) || control.type === 'submit' || control.type === 'image';
  }
  return false; // a select: its choice may change the page (the landing page's quick searches)
}

/**
 * A field whose click the browser answers by itself and whose outcome can be handed to React
 * after: a select or a text field (a phone's picker opens on the click, the caret lands; what is
 * chosen or typed is replayed), a checkbox or a radio (it ticks at once; React is told after).
 * Their clicks go through; any other control's click is held.
 */
function answeredByBrowser(target: Element): boolean {
  const found = target.closest(CONTROLS);
  const control = found instanceof HTMLLabelElement ? found.control : found;
  if (control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) return true;
  return control instanceof HTMLInputElement && (TEXT_TYPES.has(control.type) || isTick(control));
}
const isTick = (el: Element): el is HTMLInputElement => el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');

/** The control an event's target lies in, if any (what a tap was on: the loader marks it busy). */
export const controlOf = (target: EventTarget | null): Element | null => (target instanceof Element ? target.closest(CONTROLS) : null);

/** Whether `event` is an intent that needs the app. */
export function needsApp(event: Event): boolean {
  if (event instanceof KeyboardEvent && NOT_INTENT_KEYS.has(event.key)) return false;
  const target = event.target;
  if (!(target instanceof Element)) return false;
  const control = target.closest(CONTROLS);
  return !!control && !handledByBrowser(control);
}

/** Where an element sits under `root` (child indexes), to find its counterpart if React replaced it. */
function pathOf(el: Element, root: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = el; node && node !== root; node = node.parentElement) {
    if (!node.parentElement) return [];
    path.unshift([...node.parentElement.children].indexOf(node));
  }
  return path;
}
function atPath(root: Element, path: number[]): Element | null {
  let node: Element | null = root;
  for (const i of path) node = node?.children[i] ?? null;
  return node;
}

/** An element and where it was, so that the same control is found after hydration. */
class Remembered {
  private readonly path: number[];
  constructor(
    private readonly el: Element,
    private readonly root: Element,
  ) {
    this.path = pathOf(el, root);
  }
  /**
   * The element, or the one in its place if React drew the part again (a hydration mismatch: React
   * then draws the whole part in the browser, and for a moment may show a fallback there instead,
   * which is not its counterpart: the same kind of element with the same classes is).
   */
  get current(): Element | null {
    if (this.el.isConnected) return this.el;
    const found = this.path.length ? atPath(this.root, this.path) : null;
    return found && found.localName === this.el.localName && found.getAttribute('class') === this.el.getAttribute('class') ? found : null;
  }
}

/**
 * Whether React has hydrated an element and committed it: only then does it answer an event on
 * it (React drops a click on a part it has not committed, and a part behind a lazy boundary, as
 * a page's own chunk, commits after the root). React says neither publicly: this reads what its
 * own event dispatch reads (react-dom's getNearestMountedFiber: a fiber, none of whose ancestors
 * up to the root is still being placed or hydrated, flags 4098). Checked against React 19; on a
 * React that changes it, the replay waits for its timeout and happens then.
 */
type FiberNode = { alternate: unknown; flags: number; return: FiberNode | null; tag: number };
function isHydrated(el: Element): boolean {
  const key = Object.keys(el).find((k) => k.startsWith('__reactFiber$'));
  const fiber = key ? ((el as unknown as Record<string, FiberNode>)[key] ?? null) : null;
  if (!fiber || !Object.keys(el).some((k) => k.startsWith('__reactProps$'))) return false;
  let nearest: FiberNode | null = fiber;
  let node = fiber;
  for (let next: FiberNode | null = fiber; next && !next.alternate; next = node.return) {
    node = next;
    if (node.flags & 4098) nearest = node.return;
  }
  while (node.return) node = node.return;
  return node.tag === 3 && nearest === fiber;
}

/** How many elements under `root` React owns: grows while it hydrates, one boundary after another. */
function ownedCount(root: Element): number {
  let n = 0;
  for (const el of root.querySelectorAll('*')) if (Object.keys(el).some((k) => k.startsWith('__reactProps$'))) n++;
  return n;
}

/**
 * Waits until `ready()` holds (React has hydrated the elements concerned). On a slow phone hydration
 * takes many seconds (a CPU 20 times slower: over 20 s for the search page under load), so there is
 * no fixed deadline: the wait ends only once React has taken no new element for `idleMs` (it has
 * finished, or is stuck; the intent is done then, as the app can), or after `capMs` whatever happens.
 */
async function whileHydrating(ready: () => boolean, root: Element, idleMs = 10_000, capMs = 120_000): Promise<void> {
  const start = Date.now();
  let owned = ownedCount(root);
  let progressAt = start;
  let sampledAt = start;
  while (!ready()) {
    const now = Date.now();
    if (now - start > capMs) return;
    if (now - sampledAt >= 250) {
      sampledAt = now;
      const count = ownedCount(root);
      if (count !== owned) [owned, progressAt] = [count, now];
      else if (now - progressAt > idleMs) return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

const nativeValueSetter = (el: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype, 'value')!.set!;

/**
 * What the visitor did before the app was there: the first control they asked something
 * of, the click to do again, the fields they typed or chose in, and a form they sent while
 * the app was on its way.
 */
export class IntentRecorder {
  private click: Remembered | null = null;
  /** Checkboxes and radios ticked before the app came: the state each had before, and the one the visitor left. */
  private readonly ticked = new Map<Element, { field: Remembered; before: boolean; after: boolean }>();
  private focus: Remembered | null = null;
  private submit: { form: Remembered; submitter: Remembered | null } | null = null;
  /** Fields typed or chosen in, with what they said (React may draw them again with its state before the replay). */
  private readonly edited = new Map<Element, { field: Remembered; value: string }>();
  private loading = false;
  private readonly events = ['pointerdown', 'click', 'keydown', 'focusin', 'input', 'change', 'submit'] as const;

  constructor(
    private readonly root: Element,
    /** Called at each intent that needs the app (while it is not there), with the control concerned. */
    private readonly onIntent: (control: Element | null) => void,
    /** Elements of the loader's own (its notices): never an intent. */
    private readonly ignore: (el: Element) => boolean,
  ) {}

  listen(): void {
    for (const type of this.events) window.addEventListener(type, this.handle, true);
  }
  stop(): void {
    for (const type of this.events) window.removeEventListener(type, this.handle, true);
  }
  /** The app is on its way: clicks that need it wait for it. */
  startLoading(): void {
    this.loading = true;
  }

  private readonly handle = (event: Event) => {
    const target = event.target;
    if (target instanceof Element && this.ignore(target)) return;
    switch (event.type) {
      case 'input':
      case 'change':
        if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
          this.edited.set(target, { field: this.edited.get(target)?.field ?? new Remembered(target, this.root), value: target.value });
          // A choice made without a tap or a key (assistive technology, autofill) is an intent too.
          if (needsApp(event)) this.onIntent(controlOf(target));
        }
        return;
      case 'submit':
        // Sent while the app is on its way: the app sends it (its own handler may do more,
        // e.g. the landing page's quick search); without the app the browser sends it as HTML.
        if (this.loading && target instanceof HTMLFormElement) {
          event.preventDefault();
          const submitter = (event as SubmitEvent).submitter;
          this.submit = { form: new Remembered(target, this.root), submitter: submitter ? new Remembered(submitter, this.root) : null };
        }
        return;
    }
    if (!needsApp(event)) return;
    if (event.type === 'click' && isTick(target as Element)) {
      // The click has already ticked it (a click event comes after the change it makes).
      const box = target as HTMLInputElement;
      const known = this.ticked.get(box);
      this.ticked.set(box, { field: known?.field ?? new Remembered(box, this.root), before: known ? known.before : !box.checked, after: box.checked });
    }
    if (event.type === 'click' && !answeredByBrowser(target as Element)) {
      // Not answered now (a checkbox would tick with no one to see it): done again once the app is there.
      event.preventDefault();
      event.stopImmediatePropagation();
      this.click = new Remembered(target as Element, this.root);
    } else if (event.type === 'focusin') {
      this.focus = new Remembered(target as Element, this.root);
    }
    this.onIntent(controlOf(target));
  };

  /**
   * After hydration: the app takes the fields' values, the focus, and the click, once. The
   * loader keeps listening (and keeping) until every element concerned is hydrated, then
   * hands the page to React and replays.
   */
  async replay(): Promise<void> {
    // Each element concerned, or its counterpart once React has drawn its part again (a part React
    // draws in the browser after a mismatch may be gone for a while, a fallback in its place): every
    // one there and hydrated.
    const remembered = [...[...this.edited.values(), ...this.ticked.values()].map((e) => e.field), this.focus, this.click, this.submit?.form];
    await whileHydrating(
      () =>
        remembered.every((r) => {
          const el = r?.current;
          return !r || (!!el && isHydrated(el));
        }),
      this.root,
    );
    // The commit that hydrated them has effects still to run (React runs a transition's passive effects
    // after the browser paints): a mount effect that sets state (the filters panel following the
    // screen's width) would undo what the replayed click did. A frame and a task later they have run.
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    this.stop();
    for (const { field, value } of this.edited.values()) {
      const el = field.current;
      if (el instanceof HTMLSelectElement) {
        el.value = value;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      } else if (el && isTick(el)) continue;
      else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
        // React tells a change by comparing with the value it last saw (and may have drawn its
        // own again): through its setter it sees another one, then the browser's own setter puts
        // the typed text in place, as typing would, and the input event says so.
        el.value = value === '' ? ' ' : '';
        nativeValueSetter(el).call(el, value);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
    for (const { field, before, after } of this.ticked.values()) {
      const box = field.current;
      // Changed by the visitor (React may have drawn it again as it knew it): through React's
      // setter it is put as before, and a click ticks it as the visitor left it, which React
      // sees as the change it is.
      if (box instanceof HTMLInputElement && after !== before) {
        box.checked = before;
        box.click();
      }
    }
    // React applies what the fields said before the click runs its handlers (it renders a
    // discrete event's updates in a microtask: the click's handler would see the old values).
    if (this.edited.size || this.ticked.size) await new Promise((resolve) => setTimeout(resolve, 0));
    const focused = this.focus?.current;
    if (focused && document.activeElement === focused) focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    const clicked = this.click?.current;
    // A tap on a control's icon lands on an SVG element, which has no click(): the same event, dispatched.
    if (clicked instanceof HTMLElement) clicked.click();
    else clicked?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    const form = this.submit?.form.current;
    if (form instanceof HTMLFormElement) {
      const submitter = this.submit?.submitter?.current;
      form.requestSubmit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined);
    }
    this.click = this.focus = this.submit = null;
    this.edited.clear();
    this.ticked.clear();
  }

  /** The app could not be fetched: a form waiting for it is sent by the browser, as HTML. */
  sendWaitingFormAsHtml(): void {
    const form = this.submit?.form.current;
    this.submit = null;
    if (form instanceof HTMLFormElement && sentByBrowser(form)) form.submit();
  }
}
