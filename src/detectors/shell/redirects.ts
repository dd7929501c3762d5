// Redirections as the walk resolves them: targets expanded, heredoc bodies with the substitutions
// that run inside them, the input a command reads (a file, a heredoc, a here-string, or a
// descriptor duplicated with `<&N`), and descriptors opened for later commands by `exec N< ...`.
import type { Redirect } from "./ast.ts";
import { originsOf } from "./dataflow.ts";
import { expandJoined, expandWords } from "./expand.ts";
import type { Feed, ResolvedRedirect } from "./model.ts";
import { type Frame, runSubstitutions, type WalkState } from "./walk.ts";

export const NO_REDIRECTS: ResolvedRedirect[] = [];

export function resolveRedirects(state: WalkState, redirects: Redirect[], frame: Frame): ResolvedRedirect[] {
  if (redirects.length === 0) return NO_REDIRECTS;
  return redirects.map((redirect) => {
    const target = redirect.target && !redirect.heredoc ? expandJoined(redirect.target, state.env, state.outputs) : undefined;
    const source = redirect.target?.source;
    const heredoc = redirect.heredoc;
    const expansions = heredoc?.expansions ? expandWords([heredoc.expansions], state.env) : [];
    if (expansions.length > 0) runSubstitutions(state, expansions, frame);
    if (target) runSubstitutions(state, [target], frame);
    const body =
      heredoc && source
        ? { text: source.text.slice(heredoc.bodyStart, heredoc.bodyEnd), source, start: heredoc.bodyStart, end: heredoc.bodyEnd, subs: expansions.flatMap((field) => field.subs) }
        : undefined;
    const span = source ? source.locate(redirect.start, redirect.end) : { path: "", start: 0, end: 0 };
    return { fd: redirect.fd, op: redirect.op, target, body, span };
  });
}

/** What descriptor `fd` reads after these redirections (later ones win, as bash applies them). */
export function feedOfDescriptor(state: WalkState, redirects: readonly ResolvedRedirect[], fd: number): Feed | undefined {
  let feed: Feed | undefined = fd === 0 ? undefined : state.fds.get(fd);
  for (const redirect of redirects) {
    if ((redirect.fd ?? (redirect.op.startsWith("<") ? 0 : 1)) !== fd) continue;
    feed = inputFeed(state, redirect, redirects) ?? (redirect.op.startsWith("<") ? undefined : feed);
  }
  return feed;
}

export const feedFromRedirects = (state: WalkState, redirects: readonly ResolvedRedirect[]): Feed | undefined =>
  redirects.length === 0 ? undefined : feedOfDescriptor(state, redirects, 0);

function inputFeed(state: WalkState, redirect: ResolvedRedirect, redirects: readonly ResolvedRedirect[]): Feed | undefined {
  if (redirect.body) return { kind: "heredoc", body: redirect.body };
  const target = redirect.target;
  if (!target) return undefined;
  if (redirect.op === "<<<") return { kind: "herestring", field: target, origins: target.dynamic ? originsOf(state, [target]) : [] };
  if (redirect.op === "<" || redirect.op === "<>") return { kind: "file", field: target };
  if (redirect.op === "<&" && /^\d{1,3}$/.test(target.text)) {
    const from = Number(target.text);
    // `<&3` duplicates what descriptor 3 reads: opened on this command or by an earlier exec.
    const own = redirects.filter((other) => other !== redirect && other.fd === from);
    return own.length > 0 ? feedOfDescriptor(state, own, from) : state.fds.get(from);
  }
  return undefined;
}

/** `exec 3< <(..)` with no command: descriptor 3 reads that for the rest of the script. */
export function openDescriptors(state: WalkState, redirects: readonly ResolvedRedirect[]): void {
  for (const redirect of redirects) {
    if (redirect.fd === undefined || redirect.fd < 3 || !redirect.op.startsWith("<")) continue;
    const feed = inputFeed(state, redirect, redirects);
    if (feed) state.fds.set(redirect.fd, feed);
    else state.fds.delete(redirect.fd);
  }
}
