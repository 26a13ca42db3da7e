// Terminal output of the cdkws commands: colours (off with NO_COLOR or when not a terminal),
// progress for long work (a spinner on a terminal, plain lines otherwise), and token redaction.

export interface Output {
  /** Whether colours and spinners are used. */
  readonly tty: boolean;
  readonly color: boolean;
  out(text: string): void;
  err(text: string): void;
}

export function terminalOutput(stream: NodeJS.WriteStream = process.stderr): Output {
  const tty = Boolean(stream.isTTY) && process.env.TERM !== 'dumb';
  // https://no-color.org: any non-empty NO_COLOR turns colours off.
  const color = tty && !process.env.NO_COLOR;
  return {
    tty,
    color,
    out: (text) => process.stdout.write(redact(text)),
    err: (text) => process.stderr.write(redact(text)),
  };
}

const CODES = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;
export type Style = keyof typeof CODES;

export function paint(output: Pick<Output, 'color'>, style: Style, text: string): string {
  if (!output.color) return text;
  const [on, off] = CODES[style];
  return `\u001b[${on}m${text}\u001b[${off}m`;
}

/** Values that must never be printed or written: the tokens Terraform will find in the environment. */
function secrets(): string[] {
  return [process.env.CDKWS_TOKEN, process.env.TFE_TOKEN].filter((v): v is string => typeof v === 'string' && v.length >= 4);
}

/** Replaces every token value in `text` (design: the token never appears in summaries or logs). */
export function redact(text: string): string {
  let out = text;
  for (const secret of secrets()) out = out.split(secret).join('[redacted]');
  return out;
}

/** True when `text` holds a token value. */
export function containsSecret(text: string): boolean {
  return secrets().some((secret) => text.includes(secret));
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/**
 * Runs `work` while showing `label`: a spinner with elapsed time on a terminal, or a start and an
 * end line otherwise (CI logs keep one line per step, no control characters).
 */
export async function withProgress<T>(output: Output, label: string, work: (note: (line: string) => void) => Promise<T>): Promise<T> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  if (output.tty) {
    let frame = 0;
    const draw = () => output.err(`\r\u001b[2K${paint(output, 'cyan', FRAMES[frame++ % FRAMES.length])} ${label} ${paint(output, 'dim', seconds(Date.now() - started))}`);
    draw();
    timer = setInterval(draw, 100);
  } else {
    output.err(`${label}...\n`);
  }
  const finish = (ok: boolean) => {
    if (timer) clearInterval(timer);
    const mark = ok ? paint(output, 'green', '✔') : paint(output, 'red', '✘');
    const line = `${mark} ${label} (${seconds(Date.now() - started)})\n`;
    output.err(output.tty ? `\r\u001b[2K${line}` : line);
  };
  // A line printed while the spinner runs: clear the spinner's line first; it redraws on its next tick.
  const note = (line: string) => output.err(output.tty ? `\r\u001b[2K${line}\n` : `${line}\n`);
  try {
    const result = await work(note);
    finish(true);
    return result;
  } catch (error) {
    finish(false);
    throw error;
  }
}

/** An error whose message is for the user as is (no stack trace), with the exit code to use. */
export class CliError extends Error {
  constructor(message: string, public readonly exitCode = 1) {
    super(message);
    this.name = 'CliError';
  }
}
