import { describe, expect, test } from "bun:test";
import type { Script, SimpleCommand } from "./ast.ts";
import { expandWords } from "./expand.ts";
import { classifyProgram } from "./interpreters.ts";
import type { ShellModel } from "./model.ts";
import { parseScript } from "./parser.ts";
import { createRootSource } from "./source.ts";
import { walkRoot } from "./walk.ts";

const parse = (text: string): Script => parseScript(createRootSource("payload.command", text));
const LIMITS = { maxSourceDepth: 6, maxInvocations: 4096, maxNestedChars: 1 << 18 };
const model = (text: string): ShellModel => walkRoot(parse(text), LIMITS);
/** Every command that would run, as `name arg arg`, in execution order. */
const runs = (text: string): string[] => model(text).invocations.map((inv) => [inv.name, ...inv.args.map((arg) => arg.text)].join(" "));

function firstSimple(text: string): SimpleCommand {
  const command = parse(text).items[0]?.pipelines[0]?.commands[0];
  if (command?.type !== "simple") throw new Error("expected a simple command");
  return command;
}
const words = (text: string): string[] => expandWords(firstSimple(text).words, new Map()).map((field) => field.text);

describe("quoting and escapes", () => {
  test("quote removal joins the pieces of a word", () => {
    expect(words(`c''url c"u"rl \\c\\u\\r\\l 'a b' "c d"`)).toEqual(["curl", "curl", "curl", "a b", "c d"]);
  });

  test("ANSI-C strings decode hex, octal, unicode and control escapes", () => {
    expect(words(`$'\\x63url' $'\\143url' $'\\u0063url' $'a\\tb' $'it\\'s'`)).toEqual(["curl", "curl", "curl", "a\tb", "it's"]);
  });

  test("double quotes keep backslashes that escape nothing", () => {
    expect(words(`"a\\b" "a\\$b" "a\\"b"`)).toEqual(["a\\b", "a$b", 'a"b']);
  });

  test("line continuations disappear", () => {
    expect(words("cu\\\nrl x")).toEqual(["curl", "x"]);
  });

  test("a comment ends the command", () => {
    expect(runs("ls -la # curl x | sh")).toEqual(["ls -la"]);
  });

  test("an unterminated quote does not throw and keeps the text", () => {
    expect(words("echo 'abc")).toEqual(["echo", "abc"]);
  });
});

describe("command structure", () => {
  test("lists, and-or chains, pipes and background jobs", () => {
    const script = parse("a | b && c || d; e & f\ng");
    expect(script.items.map((item) => item.pipelines.map((pipeline) => pipeline.commands.length))).toEqual([[2, 1, 1], [1], [1], [1]]);
    expect(script.items.map((item) => item.background)).toEqual([false, true, false, false]);
  });

  test("subshells and brace groups run their bodies", () => {
    expect(runs("(cd /tmp && ls); { echo a; echo b; } > out")).toEqual(["cd /tmp", "ls", "echo a", "echo b", "{}"]);
  });

  test("conditionals and loops are flattened into the commands they run", () => {
    expect(runs("if test -f x; then rm x; else touch x; fi; while read l; do echo $l; done < f")).toEqual([
      "test -f x",
      "rm x",
      "touch x",
      "read l",
      "echo $l",
      "{}",
    ]);
  });

  test("a loop or conditional is one command: its body reads the stage's input", () => {
    const built = model("produce | while read l; do run \"$l\"; done | consume");
    const [, read, run, consume] = built.invocations;
    expect(built.invocations.map((inv) => inv.name)).toEqual(["produce", "read", "run", "consume"]);
    expect([read?.stdin?.kind, run?.stdin?.kind, consume?.stage]).toEqual(["pipe", "pipe", 2]);
    expect(runs("for f in a b; do if test -f $f; then cat $f; elif x; then y; else z; fi; done > out")).toEqual([
      "for f in a b",
      "test -f $f",
      "cat $f",
      "x",
      "y",
      "z",
      "{}",
    ]);
  });

  test("block keywords out of place are skipped, not taken for commands", () => {
    expect(runs("done; fi; then ls")).toEqual(["ls"]);
    expect(runs("until false; do echo again; done; for ((i=0; i<3; i++)); do echo $i; done")).toEqual(["false", "echo again", "echo $i"]);
  });

  test("case arms run, their patterns do not", () => {
    expect(runs("case $1 in start|go) run;; *) stop;; esac")).toEqual(["case $1", "run", "stop"]);
  });

  test("functions are recorded, their bodies judged, and a call runs the body", () => {
    const built = model("greet() { echo hi; }; function bye { echo bye; }; greet");
    expect(built.functions.map((fn) => fn.name)).toEqual(["greet", "bye"]);
    expect(built.invocations.map((inv) => [inv.name, inv.inFunction])).toEqual([
      ["echo", "greet"],
      ["echo", "bye"],
      ["greet", undefined],
      ["echo", "greet"],
    ]);
  });

  test("a call binds the positional parameters; recursion is not followed", () => {
    expect(runs("run() { \"$@\" --flag; }; run make all")).toEqual(["$@ --flag", "run make all", "make all --flag"]);
    const recursive = model("f() { f; }; f").invocations;
    expect(recursive.map((inv) => [inv.name, inv.unresolved])).toEqual([["f", false], ["f", false], ["f", true]]);
  });

  test("aliases put their text in place of the command's first word", () => {
    expect(runs("alias ll='ls -la'; ll /tmp")).toEqual(["alias ll=ls -la", "ls -la /tmp"]);
    expect(runs("alias ls='ls --color'; ls")).toEqual(["alias ls=ls --color", "ls --color"]);
  });

  test("(( is arithmetic only when its inner ( closes right before the outer, as in bash", () => {
    expect(runs("((id) ); echo $((ls) ); (( n = (1 + 2) ))")).toEqual(["id", "ls", "echo $(…)"]);
  });

  test("blank and comment lines are skipped in one step", () => {
    const script = parse("ls\n\n# one\n   # two\n\n\npwd");
    expect(script.items.length).toBe(2);
    expect(runs("ls\n\n# one\n   # two\n\n\npwd")).toEqual(["ls", "pwd"]);
  });

  test("arithmetic and test brackets are not commands", () => {
    expect(runs("(( i = 1 + 2 )); [[ $a == b && -f x ]] && echo ok")).toEqual(["[[ $a == b -f x", "echo ok"]);
  });
});

describe("substitutions and redirections", () => {
  test("command, backtick and process substitutions run before their command", () => {
    expect(runs("echo $(id -u) `hostname` <(ls)")).toEqual(["id -u", "hostname", "ls", "echo $(…) $(…) /dev/fd/63"]);
  });

  test("a substitution with literal output stands in for its text", () => {
    expect(runs("$(echo rm) -rf x")).toEqual(["echo rm", "rm -rf x"]);
  });

  test("heredoc bodies are data, with offsets, and a quoted delimiter stops expansion", () => {
    const text = "cat <<'EOF' > notes.md\nrm -rf / $(id)\nEOF\necho done";
    const [redirect] = firstSimple(text).redirects;
    const heredoc = redirect?.heredoc;
    expect(text.slice(heredoc?.bodyStart, heredoc?.bodyEnd)).toBe("rm -rf / $(id)\n");
    expect(heredoc?.quotedDelimiter).toBe(true);
    expect(runs(text)).toEqual(["cat", "echo done"]);
  });

  test("substitutions inside an unquoted heredoc body do run", () => {
    expect(runs("cat <<EOF\nhello $(whoami)\nEOF")).toEqual(["whoami", "cat"]);
  });

  test("redirections keep their file descriptors and targets", () => {
    const [out, dup] = firstSimple("cmd 2> err.log >&1").redirects;
    expect([out?.fd, out?.op, dup?.op]).toEqual([2, ">", ">&"]);
  });
});

describe("expansion", () => {
  test("literal assignments earlier in the script are substituted", () => {
    expect(runs("a=cu; b=rl; $a$b http://x")).toEqual(["curl http://x"]);
  });

  test("IFS expands to a word separator", () => {
    expect(runs("cat${IFS}/etc/passwd; cat$IFS/etc/hosts")).toEqual(["cat /etc/passwd", "cat /etc/hosts"]);
  });

  test("brace lists expand into words", () => {
    expect(runs("{curl,-s,http://x}; echo a{b,c}d")).toEqual(["curl -s http://x", "echo abd acd"]);
  });

  test("parameter operators on known values", () => {
    expect(runs("X=xcurl; ${X:1} ${X/x/} ${Y:-wget} ${X^^} ${#X}")).toEqual(["curl curl wget XCURL 5"]);
  });

  test("unknown values stay visible placeholders", () => {
    expect(runs("rm -rf ${HOME}/ \"$(pwd)\"")).toEqual(["pwd", "rm -rf $HOME/ $(…)"]);
  });

  test("an IFS assigned earlier splits later unquoted expansions", () => {
    expect(runs("IFS=,; c=curl,-s,http://x; $c")).toEqual(["curl -s http://x"]);
    expect(model("IFS=,; v=a,,b; f $v").invocations[0]?.args.map((arg) => arg.text)).toEqual(["a", "", "b"]);
    expect(model("IFS=$(x); v='a b'; f $v").invocations[1]?.args.map((arg) => [arg.text, arg.dynamic])).toEqual([["a b", true]]);
  });

  test("empty brace alternatives vanish as null words do", () => {
    expect(runs("{bash,} -x; echo x{,}")).toEqual(["bash -x", "echo x x"]);
  });

  test("array literals expand through their subscripts", () => {
    expect(runs("a=(curl -s 'http://x y'); \"${a[@]}\"; ${a[0]} ${a[2]}")).toEqual(["curl -s http://x y", "curl http://x"]);
    expect(runs("declare -a b=(wget -q); ${b[@]} u")).toEqual(["declare -a b=wget -q", "wget -q u"]);
  });

  test("quoted expansions are not split", () => {
    expect(runs("a='x y'; echo \"$a\" $a")).toEqual(["echo x y x y"]);
    expect(model("a='x y'; echo \"$a\" $a").invocations[0]?.args.length).toBe(3);
  });
});

describe("wrappers and interpreters", () => {
  test("launch wrappers are peeled and remembered", () => {
    const [inv] = model("sudo -u root env A=1 nohup timeout -s KILL 5 nice -n 10 xargs -n1 /usr/bin/curl x").invocations;
    expect([inv?.name, inv?.wrappers, inv?.privileged]).toEqual(["curl", ["sudo", "env", "nohup", "timeout", "nice", "xargs"], true]);
  });

  test("sudo as another user is not root", () => {
    expect(model("sudo -u postgres psql").invocations[0]?.privileged).toBe(false);
  });

  test("bash -c scripts are parsed and walked", () => {
    expect(runs("env X=1 bash -lc 'cd /app && make'")).toEqual(["bash -lc cd /app && make", "cd /app", "make"]);
  });

  test("code fed on stdin to a shell is parsed", () => {
    expect(runs("bash <<EOF\nls /\nEOF")).toEqual(["bash", "ls /"]);
    expect(runs("echo 'id' | sh")).toEqual(["echo id", "sh", "id"]);
  });

  test("find -exec and nsenter run inner commands", () => {
    expect(runs("find . -name x -exec rm {} \\;")).toEqual(["find . -name x -exec rm {} ;", "rm {}"]);
    expect(runs("nsenter -t 42 -n ip a")).toEqual(["nsenter -t 42 -n ip a", "ip a"]);
  });

  const program = (text: string) => {
    const [name, ...args] = expandWords(firstSimple(text).words, new Map());
    return classifyProgram(name?.text ?? "", args)?.kind;
  };

  test("interpreters take their program from -c, a file, a module or stdin", () => {
    expect(["python3 -c 'print(1)'", "python3 app.py", "python3 -m json.tool", "python3", "python3 -"].map(program)).toEqual([
      "inline",
      "file",
      "module",
      "stdin",
      "stdin",
    ]);
    expect(["bash -c ls", "bash x.sh", "bash -s -- --yes", "sh -i", "perl -ne 'print' f", "node -e 1", "awk '{print}'"].map(program)).toEqual([
      "inline",
      "file",
      "stdin",
      "stdin",
      "inline",
      "inline",
      "inline",
    ]);
  });

  test("non-interpreters have no program", () => {
    expect(program("curl https://x")).toBeUndefined();
  });
});

describe("bounds", () => {
  test("deep substitution nesting is cut and marked incomplete", () => {
    const deep = `${"$(".repeat(40)}x${")".repeat(40)}`;
    expect(model(deep).incomplete).toBe(true);
  });

  test("deep bash -c nesting is cut and marked incomplete", () => {
    let script = "ls";
    for (let i = 0; i < 10; i++) script = `bash -c ${JSON.stringify(script)}`;
    expect(model(script).incomplete).toBe(true);
  });
});
