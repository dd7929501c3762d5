// What a systemd unit or drop-in starts, when its text is known. An override that only sets
// environment, limits, restart policy or ordering (`orders-api.service.d/override.conf` with
// `Environment=LOG_LEVEL=debug`) starts nothing that was not already installed: configuration,
// as an alias in a startup file is. A unit or drop-in that names a command to run (any Exec*=
// line), changes the account it runs as, or loads code into it (LD_PRELOAD) is still a hook;
// timers, paths and sockets start other units and stay hooks whatever they say.

const MAX_CHARS = 8192;
/** A unit (`x.service`) or a drop-in (`x.service.d/y.conf`) in any of systemd's directories. */
const UNIT_OR_DROP_IN = /(?:^|\/)systemd\/(?:[^/]+\/)*(?:[^/]+\.service|[^/]+\.(?:service|mount|slice|scope)\.d\/[^/]+\.conf)$/;
/** Lines that run something, pick who runs it, or put code into it. */
const STARTS_OR_LOADS = /^\s*(?:Exec[A-Za-z]*|User|Group|DynamicUser|RootDirectory|RootImage|BindPaths|BindReadOnlyPaths)\s*=|LD_PRELOAD|LD_LIBRARY_PATH|BASH_ENV|NODE_OPTIONS|PYTHONSTARTUP|PERL5OPT|JAVA_TOOL_OPTIONS/m;

/** True when `path` is a systemd unit or drop-in and `content` only configures it. */
export function isInertUnitSnippet(path: string, content: string): boolean {
  if (content.length > MAX_CHARS || !UNIT_OR_DROP_IN.test(path.toLowerCase())) return false;
  return !STARTS_OR_LOADS.test(content);
}
