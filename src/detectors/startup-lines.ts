// What a shell startup file (`~/.bashrc`, `~/.zshrc`, `~/.profile`, a project's `.envrc`) gains
// when the text is known: lines that only configure the shell, or lines that run something.
// Adding a PATH entry, an alias, a tool's standard init line (`eval "$(pyenv init -)"`, nvm's
// loader) or a shell option is what people ask their agent for every day; it plants nothing. A
// line that runs a command or a file of its own, fetches, changes what loads into every program
// (LD_PRELOAD, NODE_OPTIONS), where traffic goes (proxies, trusted CAs, package indexes), what is
// remembered (history) or what a prompt executes, or that shadows a command people type with
// another one, keeps the write held for a person. Anything this reader does not recognise
// counts as running something: an unknown line is never inert.

/** Longer additions are real scripts, not a few lines of configuration. */
const MAX_CHARS = 8192;
const MAX_LINE = 400;

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Variables whose value changes what runs, what is trusted, where traffic goes or what is remembered. */
const LOADED_VARIABLES = new Set([
  "PROMPT_COMMAND", "PS0", "PS1", "PS2", "PS3", "PS4", "PROMPT", "RPROMPT", "BASH_ENV", "ENV", "ZDOTDIR", "IFS", "SHELL", "TMOUT",
  "HISTFILE", "HISTSIZE", "HISTFILESIZE", "SAVEHIST", "HISTCONTROL", "HISTIGNORE",
  "PYTHONSTARTUP", "PYTHONPATH", "PYTHONHOME", "PYTHONHTTPSVERIFY", "NODE_OPTIONS", "NODE_PATH", "NODE_EXTRA_CA_CERTS", "NODE_TLS_REJECT_UNAUTHORIZED",
  "PERL5OPT", "PERL5LIB", "RUBYOPT", "RUBYLIB", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
  "GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS", "SSH_ASKPASS", "SUDO_ASKPASS", "GIT_EXEC_PATH", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_TEMPLATE_DIR",
  "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "FTP_PROXY", "RSYNC_PROXY", "SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE",
  "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_TRUSTED_HOST", "UV_INDEX_URL", "UV_EXTRA_INDEX_URL", "NPM_CONFIG_REGISTRY", "YARN_REGISTRY",
  "GOPROXY", "GONOSUMDB", "GONOSUMCHECK", "GOFLAGS", "GOINSECURE", "CARGO_REGISTRIES_CRATES_IO_PROTOCOL", "DOCKER_HOST", "KUBECONFIG",
]);
const LOADER_PREFIX = /^(?:LD_|DYLD_)/;
/** A secret written into a startup file is read by every shell: held, whatever else. */
const SECRET_NAME = /TOKEN|SECRET|PASSW|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIAL|AUTH/i;
/** Variables naming a program the shell or a tool will start. */
const PROGRAM_VARIABLES = new Set(["EDITOR", "VISUAL", "PAGER", "MANPAGER", "GIT_EDITOR", "GIT_PAGER", "BROWSER", "LESSOPEN", "LESSCLOSE"]);
/** Search paths: the current directory, or one anyone can write, put in them runs whatever lands there. */
const SEARCH_PATHS = /PATH$/;
const isWorldWritable = (entry: string): boolean => entry === "" || entry === "." || entry.startsWith("./") || /^\/(?:tmp|var\/tmp|dev\/shm)(?:\/|$)/.test(entry);

/** Anything that runs a command while the line is read, or reads input into it. */
const RUNS = /\$\(|`|<\(|>\(|\$\[|\\$/;

/** Programs whose name an alias must not take for something else: what people type without looking. */
const TYPED = new Set([
  "sudo", "su", "doas", "pkexec", "ssh", "scp", "sftp", "passwd", "gpg", "git", "cd", "ls", "cat", "cp", "mv", "rm", "vim", "vi",
  "nano", "python", "python3", "pip", "pip3", "npm", "npx", "node", "docker", "kubectl", "make", "grep", "find", "curl", "wget",
  "ps", "kill", "less", "man", "echo", "exit", "clear", "history", "tar", "chmod", "chown", "bash", "sh", "zsh", "source",
  "aws", "gcloud", "az", "terraform", "ssh-add", "ssh-keygen", "login", "which", "type", "command", "env", "export", "unset",
]);

/** Files sourced to load a tool: version managers, completions, prompt helpers, a virtualenv's activate. */
const TOOL_INIT_FILE =
  /(?:^|\/)(?:nvm\.sh|bash_completion(?:\.sh)?|asdf\.sh|\.?fzf\.(?:bash|zsh)|(?:path|completion)\.(?:bash|zsh)\.inc|conda\.sh|git-prompt\.sh|git-completion\.(?:bash|zsh)|zsh-(?:syntax-highlighting|autosuggestions)\.zsh|oh-my-zsh\.sh|sdkman-init\.sh|_bun|\.iterm2_shell_integration\.(?:bash|zsh)|bin\/activate(?:\.(?:fish|csh))?)$|(?:^|\/)\.(?:cargo|ghcup|rye|deno)\/env$|\/\.local\/bin\/env$/;
const TEMP_DIR = /(?:^|\/)(?:tmp|var\/tmp|dev\/shm)\//;

/** `eval "$(TOOL ...)"`: version managers, prompt and directory tools that print their own init. */
const EVAL_TOOLS = new Set([
  "pyenv", "rbenv", "nodenv", "goenv", "jenv", "plenv", "phpenv", "direnv", "starship", "zoxide", "fnm", "mise", "rtx", "brew",
  "conda", "micromamba", "pyenv-virtualenv-init", "thefuck", "atuin", "oh-my-posh", "rbw", "tmuxifier", "gh", "uv", "rustup",
]);
const EVAL_WORDS = /^(?:init|hook|activate|shellenv|env|virtualenv-init|shell\.(?:bash|zsh|fish)|completion|completions|generate-shell-completion|--alias|--use-on-cd|-|bash|zsh|fish|[a-z][a-z0-9-]*=[\w.-]*|--[a-z][a-z0-9-]*)$/;
/** `source <(kubectl completion bash)`: completions a CLI prints for itself. */
const COMPLETION_TOOLS = new Set(["kubectl", "helm", "gh", "npm", "docker", "minikube", "kind", "k3d", "flux", "argocd", "terraform", "poetry", "pipx", "deno", "bun", "rustup", "glab", "oc", "istioctl", "velero", "eksctl", "k9s", "stern", "tkn", "kustomize", "just", "task"]);

const unquote = (text: string): string => text.replace(/^(["'])(.*)\1$/, "$2");
const toolName = (word: string): string => unquote(word).split("/").pop() ?? "";

function variableIsInert(name: string, value: string): boolean {
  const upper = name.toUpperCase();
  if (LOADED_VARIABLES.has(upper) || LOADER_PREFIX.test(upper) || SECRET_NAME.test(name)) return false;
  const plain = unquote(value.trim());
  if (PROGRAM_VARIABLES.has(upper)) return /^[\w.+-]+(?:\s+--?[\w-]+(?:=[\w.-]+)?)*$/.test(plain);
  // `$HOME/.local/bin:$PATH`: a variable stands for a directory that is already there.
  if (SEARCH_PATHS.test(upper)) return !plain.replace(/\$\{?\w+\}?/g, "/home/x").split(":").some(isWorldWritable);
  return true;
}

/** `NAME=value` or `export NAME=value NAME2=value2`: every assignment inert. */
function assignmentsAreInert(line: string): boolean {
  const body = line.replace(/^(?:export|declare\s+-x|typeset\s+-x)\s+/, "");
  // Split on unquoted spaces: values are simple (no command runs, checked by RUNS before).
  const words = body.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
  if (words.length === 0) return false;
  return words.every((word) => {
    const eq = word.indexOf("=");
    if (eq === -1) return NAME.test(word) && line.startsWith("export") && !LOADED_VARIABLES.has(word.toUpperCase()) && !LOADER_PREFIX.test(word);
    const name = word.slice(0, eq).replace(/\+$/, "");
    return NAME.test(name) && variableIsInert(name, word.slice(eq + 1));
  });
}

/** `alias k='kubectl'`, `alias ll='ls -la'`: a short name for a command line with nothing run in it. */
function aliasIsInert(line: string): boolean {
  const m = /^alias\s+(-g\s+)?([\w.:+-]{1,64})=(?:'([^']*)'|"([^"]*)"|([^\s'"]+))\s*$/.exec(line);
  if (!m || m[1]) return false;
  const name = m[2]!;
  const expansion = (m[3] ?? m[4] ?? m[5] ?? "").trim();
  if (expansion === "" || /[;&|<>$`\\(){}]/.test(expansion)) return false;
  const first = expansion.split(/\s+/)[0]!;
  return !TYPED.has(name) || first === name;
}

/** `source ~/.nvm/nvm.sh`, `[ -s "$NVM_DIR/nvm.sh" ] && \. "$NVM_DIR/nvm.sh"`. */
function sourcesToolInit(line: string): boolean {
  const m = /^(?:(?:\[\[?|test)\s+-[sfre]\s+("[^"]*"|'[^']*'|\S+)\s*\]?\]?\s*&&\s*)?(?:source|\\?\.)\s+("[^"]*"|'[^']*'|\S+)\s*$/.exec(line);
  if (!m) return false;
  const file = unquote(m[2]!);
  if (m[1] !== undefined && unquote(m[1]) !== file) return false;
  return TOOL_INIT_FILE.test(file) && !TEMP_DIR.test(file) && !/\$\(|`/.test(file);
}

/** `eval "$(pyenv init -)"`, `eval "$(/opt/homebrew/bin/brew shellenv)"`, `source <(kubectl completion zsh)`. */
function loadsToolInit(line: string): boolean {
  const evaled = /^eval\s+"\$\(([^()`$;&|<>]*)\)"\s*$/.exec(line);
  if (evaled) {
    const [tool = "", ...args] = evaled[1]!.trim().split(/\s+/);
    const name = toolName(tool);
    return EVAL_TOOLS.has(name) && (!tool.includes("/") || /^\/(?:usr\/(?:local\/)?|opt\/homebrew\/|home\/linuxbrew\/\.linuxbrew\/)bin\//.test(tool)) && args.every((arg) => EVAL_WORDS.test(arg));
  }
  const completion = /^(?:source|\.)\s+<\(\s*([\w-]+)\s+(?:completion|completions)\s+(bash|zsh|fish)\s*\)\s*$/.exec(line);
  return completion !== null && COMPLETION_TOOLS.has(completion[1]!);
}

/** Shell options, completion setup and key bindings that edit the line; never history switched off. */
function setsOptions(line: string): boolean {
  if (/^(?:setopt|shopt\s+-s|set\s+-o)\s+[\w\s-]+$/.test(line)) return true;
  if (/^(?:unsetopt|shopt\s+-u|set\s+\+o)\s+[\w\s-]+$/.test(line)) return !/hist/i.test(line);
  if (/^(?:autoload\s+(?:-[A-Za-z]+\s+)*[\w\s]+|compinit(?:\s+-[A-Za-z]+)*|bashcompinit|zstyle\s+[^;&|$`<>]*|bindkey\s+(?:-[ev]|'[^']*'\s+[\w-]+|"[^"]*"\s+[\w-]+)|umask\s+0?[0-7]{2}[2367]|plugins=\([\w\s-]*\)|ZSH_THEME=("[\w.-]*"|'[\w.-]*'))$/.test(line)) return true;
  // `complete -C /usr/local/bin/aws_completer aws`: a system program completes a command.
  return /^complete\s+(?:-o\s+\w+\s+)*-C\s+['"]?\/(?:usr\/(?:local\/)?|opt\/homebrew\/)bin\/[\w.-]+['"]?\s+[\w.-]+$/.test(line);
}

function lineIsInert(raw: string): boolean {
  const line = raw.trim();
  if (line === "" || line.startsWith("#")) return true;
  if (line.length > MAX_LINE) return false;
  // `command -v pyenv >/dev/null || export PATH=...`: a guard around an inert line.
  const guarded = /^(?:command\s+-v|type|which|hash)\s+[\w.-]+\s*(?:>\s*\/dev\/null\s*)?(?:2>&1\s*)?(?:\|\||&&)\s*(.+)$/.exec(line);
  if (guarded) return lineIsInert(guarded[1]!) && !guarded[1]!.trim().startsWith("command");
  if (loadsToolInit(line) || sourcesToolInit(line)) return true;
  if (RUNS.test(line)) return false;
  if (line.startsWith("alias ")) return aliasIsInert(line);
  // `autoload -Uz compinit && compinit`: settings chained.
  if (line.split(/\s*&&\s*/).every(setsOptions)) return true;
  if (/[;&|<>]/.test(line)) return false;
  return /^(?:(?:export|declare\s+-x|typeset\s+-x)\s+)?[A-Za-z_][A-Za-z0-9_]*(?:\+?=|\s|$)/.test(line) && assignmentsAreInert(line);
}

/**
 * Whether `text`, added to a shell startup file, only configures the shell: every line blank, a
 * comment, an inert assignment or alias, a shell option, or a known tool's init.
 */
export function isInertStartup(text: string): boolean {
  if (text.length > MAX_CHARS || text.trim() === "") return false;
  return text.split(/\r?\n/).every(lineIsInert);
}
