// Databases a test run throws away: a database on this machine (no host, localhost, a loopback
// address or a unix socket) whose name says it is a test or scratch copy (`app_test`, `test_shop`,
// `ci_orders`). Test suites drop and recreate one before every run. It is not the shared system
// operations.ts asks about; `dropdb -h db.internal customers` and a test database on another host
// still are.

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);
/** A name part that marks a throwaway database: `app_test`, `test_shop`, `orders-ci`, `tmp2`. */
const SCRATCH_NAME = /(?:^|[_.-])(?:test|tests|testing|ci|e2e|tmp|temp|scratch)(?:\d{0,3})(?:[_.-]|$)/i;

/** Options of the postgres and mysql clients that take a value, as separate words. */
const VALUE_OPTIONS = new Set(["-h", "--host", "-p", "--port", "-U", "--username", "-u", "--user", "-d", "--dbname", "-D", "--database", "-c", "--command", "-e", "--execute", "-f", "--file", "-P", "--maintenance-db", "-S", "--socket"]);
const HOST_OPTIONS = new Set(["-h", "--host"]);
const DATABASE_OPTIONS = new Set(["-d", "--dbname", "-D", "--database"]);
const CLIENT_URI = /^(?:postgres(?:ql)?|mysql|mariadb):\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::\d+)?\/([^?#]*)/i;
const DROP_DATABASE = /\bdrop\s+database\s+(?:if\s+exists\s+)?[`"']?([\w.-]+)/gi;

interface Connection {
  hosts: string[];
  databases: string[];
  operands: string[];
}

/** The hosts, databases named by option or URI, and operands of a database client's command line. */
function readConnection(args: readonly string[]): Connection {
  const found: Connection = { hosts: [], databases: [], operands: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const attached = /^-[hdD]./.test(arg) && !arg.startsWith("--") ? arg.slice(2) : undefined;
    const value = eq > 0 ? arg.slice(eq + 1) : attached ?? (VALUE_OPTIONS.has(flag) ? args[++i] : undefined);
    const letter = attached !== undefined ? arg.slice(0, 2) : flag;
    if (value !== undefined && HOST_OPTIONS.has(letter)) found.hosts.push(value);
    else if (value !== undefined && DATABASE_OPTIONS.has(letter)) found.databases.push(value);
    else if (value === undefined && !arg.startsWith("-")) {
      const uri = CLIENT_URI.exec(arg);
      if (uri) {
        found.hosts.push(uri[1] ?? "");
        found.databases.push(uri[2] ?? "");
      } else found.operands.push(arg);
    }
  }
  return found;
}

const isLocalHost = (host: string): boolean => host === "" || host.startsWith("/") || LOCAL_HOSTS.has(host.toLowerCase());

/** The databases the teardown destroys or empties, when its command line names them. */
function targets(name: string, args: readonly string[], connection: Connection): string[] {
  if (name === "dropdb") return connection.operands.slice(0, 1);
  if (name === "mysqladmin") return connection.operands[0] === "drop" ? connection.operands.slice(1, 2) : [];
  const dropped = args.flatMap((arg) => [...arg.matchAll(DROP_DATABASE)].map((match) => match[1]!));
  if (dropped.length > 0) return dropped;
  // `DROP TABLE`, `TRUNCATE`: whatever database the client connected to.
  return connection.databases.length > 0 ? connection.databases : connection.operands.slice(0, 1);
}

/** The postgres and mysql tools whose command line this module reads. */
const CLIENTS = new Set(["dropdb", "mysqladmin", "psql", "mysql", "mariadb"]);

/** A teardown of test databases on this machine only (every one it names is one). */
export function dropsLocalScratchDatabase(name: string, args: readonly string[]): boolean {
  if (!CLIENTS.has(name)) return false;
  const connection = readConnection(args);
  if (!connection.hosts.every(isLocalHost)) return false;
  const names = targets(name, args, connection);
  return names.length > 0 && names.every((db) => SCRATCH_NAME.test(db));
}
