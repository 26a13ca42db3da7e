// An AbortSignal that fires when the client of a request goes away before its answer, so the
// database can stop a statement nobody will read (issue 22). Made only for routes that ask.
import type { IncomingMessage } from 'node:http';

export class ClientGone {
  private controller: AbortController | undefined;
  private readonly abort = () => this.controller?.abort(new Error('the client went away'));

  constructor(private readonly req: IncomingMessage) {}

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.req.socket.destroyed) this.abort();
      else this.req.socket.once('close', this.abort);
    }
    return this.controller.signal;
  }

  /** The answer is ready: a keep-alive socket closing later aborts nothing. */
  done(): void {
    if (this.controller) this.req.socket.off('close', this.abort);
  }
}
