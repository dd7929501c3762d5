// People's names in records: a name alone is everywhere (authors, characters, companies), but a
// name given as the value of a label that makes it a record's subject (`Patient:`, `"employee":`,
// `cardholder=`, `Full name:`) is that person's identity, and a plain `Name:` is too when the same
// text records something sensitive about them (a diagnosis, a salary, a disciplinary note), and so
// is the name people give for themselves (`my name is`, `me llamo`). The
// value must look like a person's name: two to four capitalised words, not a placeholder
// (`John Doe`, `Max Mustermann`), not a type (`string`), not a company (`Acme Inc`).
import type { Budget } from "../../engine/budget.ts";
import { MADE_UP } from "./context.ts";
import { MAX_HITS_PER_FIELD, PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";
import { cellsUnder, hasColumnNamed } from "../table-columns.ts";
import { caseless, caselessTest } from "../lower-case.ts";

const words = (alternatives: string): string => `(?<![a-z])(?:${alternatives})(?![a-z])`;

/** Labels whose value is the person a record is about. */
const SUBJECT_LABEL = words(
  "patient(?:in)?(?:[\\s_-]*name)?|employee(?:[\\s_-]*name)?|applicant(?:[\\s_-]*name)?|claimant(?:[\\s_-]*name)?|" +
    "beneficiary(?:[\\s_-]*name)?|policy[\\s_-]*holder(?:[\\s_-]*name)?|insured(?:[\\s_-]*name)?|card[\\s_-]*holder(?:[\\s_-]*name)?|" +
    "account[\\s_-]*holder(?:[\\s_-]*name)?|full[\\s_-]*name|customer|recipient|addressee|consignee|" +
    // The people a legal or police record is about.
    "complainant|victim|suspect|witness|defendant|plaintiff|petitioner|respondent|decedent|deceased|claimant|accused|legal[\\s_-]*name|customer[\\s_-]*name|client[\\s_-]*name|" +
    "tenant[\\s_-]*name|student[\\s_-]*name|member[\\s_-]*name|guest[\\s_-]*name|passenger[\\s_-]*name|next[\\s_-]+of[\\s_-]+kin|" +
    "emergency[\\s_-]*contact|guarantor|nombre[\\s_-]+(?:completo|del[\\s_-]+paciente)|paciente|nom[\\s_-]+complet|" +
    "vollst[äa]ndiger[\\s_-]+name|nome[\\s_-]+completo|paziente|pt\\.?[\\s_-]*name|" +
    // Whose bank account it is: `Kontoinhaber`, `titular de la cuenta`, `rekeninghouder`.
    "mitarbeiter(?:in)?|bewerber(?:in)?|versicherte[rn]?|emplead[oa]|solicitante|employ[ée]e?|salari[ée]e?|dipendente|werknemer|" +
    "kontoinhaber(?:in)?|titular(?:[\\s_-]+de[\\s_-]+la[\\s_-]+cuenta)?|titulaire(?:[\\s_-]+du[\\s_-]+compte)?|intestatario|rekeninghouder",
);
/** Labels of a name that is personal data only beside a sensitive attribute. */
const NAME_LABEL = words("name|first[\\s_-]*name|last[\\s_-]*name|surname|nombre|nom|vorname|nachname|nome|naam");
/** Attributes that make a record about a person sensitive (health, pay, discipline, beliefs). */
const SENSITIVE_WORDS =
  words(
    "diagnos[ie]s|diagnosed|diagnose|icd[\\s_-]?1[01](?:[\\s_-]*code)?|medications?|prescriptions?|allerg(?:y|ies)|treatment|symptoms|" +
      "medical[\\s_-]*(?:history|condition|notes?)|salary|base[\\s_-]*salary|compensation|bonus|wage|pay[\\s_-]*rate|hourly[\\s_-]*rate|" +
      "performance[\\s_-]*(?:rating|review)|disciplinary(?:[\\s_-]*action)?|termination[\\s_-]*reason|sick[\\s_-]*leave|" +
      "religion|ethnicity|sexual[\\s_-]*orientation|disability|criminal[\\s_-]*record|diagn[oó]stico|diagnostic|gehalt|salario|salaire|" +
      // Clinical shorthand: diagnosis, prescription, history.
      "dx|rx|hx|" +
      // Identity documents and birth dates: a name beside them is the holder's.
      "passport(?:[\\s_-]*(?:no|number))?|ssn|social[\\s_-]*security(?:[\\s_-]*number)?|date[\\s_-]*of[\\s_-]*birth|dob|birth[\\s_-]*date|" +
      "national[\\s_-]*id|nino|driver'?s?[\\s_-]*licen[cs]e|geburtsdatum|fecha[\\s_-]+de[\\s_-]+nacimiento|date[\\s_-]+de[\\s_-]+naissance|" +
      "geboortedatum|data[\\s_-]+d[ei][\\s_-]+nascimento|data[\\s_-]+di[\\s_-]+nascita|bsn|cpf|dni|nie|nif|codice[\\s_-]+fiscale|steuer[\\s_-]*id|" +
      "nhs[\\s_-]*(?:no|number)|aadhaar|pesel|personnummer|sin|tfn|medicare",
  );
const SENSITIVE_LABEL = caseless(new RegExp(`${SENSITIVE_WORDS}[*_"']{0,3}[ \\t]*[:=]`, "i"));
const SENSITIVE_COLUMN = new RegExp(`^(?:${SENSITIVE_WORDS})$`, "i");

// After the label: an optional closing quote or markdown emphasis (`**Name:**`), then `:` or `=`,
// then an optional opening quote.
const LINK = /[*_"']{0,3}[ \t]*[:=][*_ \t]{0,4}["']?[ \t]*/y;
const PARTICLE = "(?:van|von|der|den|de|da|di|del|della|du|le|la|bin|al|ter|dos|das)";
// An apostrophe only inside a name (`O'Connor`, `D’Angelo`), never the quote that closes a value.
const NAME_PART = "(?:\\p{Ll}|['’]\\p{Lu}?(?=\\p{Ll}))+";
const NAME_WORD = `\\p{Lu}${NAME_PART}(?:-\\p{Lu}?${NAME_PART})?`;
/** `Eleanor Whitfield`, `Dr. Samuel Okafor`, `Anna-Lena van der Berg`, `OKAFOR, Samuel`. */
const NAME_VALUE = new RegExp(
  `(?:(?:Mr|Mrs|Ms|Miss|Dr|Prof|Herr|Frau|Mme|M|Sr|Sra|Sig|Dhr|Mevr)\\.? )?(?:${NAME_WORD}(?: (?:${PARTICLE} ){0,2}(?:\\p{Lu}\\.|${NAME_WORD})){1,3}|` +
    `\\p{Lu}{2,}(?:-\\p{Lu}{2,})?, ${NAME_WORD}(?: ${NAME_WORD})?)(?![\\p{L}\\d])`,
  "uy",
);
/** Words that make the value a placeholder, a type, a job or an organisation, not someone's name. */
const NOT_A_NAME = new RegExp(
  words(
    // Each word may be plural: `Senior Engineers`, `Network Issues` are groups and topics.
    "(?:doe|roe|mustermann|musterfrau|dupont|rossi|example|sample|test|tester|dummy|placeholder|fake|anonymous|unknown|redacted|" +
      "name|names|first|last|firstname|lastname|surname|user|string|null|none|undefined|todo|tbd|n\\/a|" +
      "inc|llc|ltd|gmbh|corp|corporation|company|group|services|solutions|hospital|clinic|department|team|office|" +
      "engineer|manager|director|analyst|developer|nurse|assistant|intern|contractor|portal|record|records|id|number|details|information|" +
      // Products and plans are capitalised too: `Gold Plan`, `Enterprise Edition`.
      "plan|plans|tier|package|edition|pro|plus|premium|basic|standard|enterprise|bundle|product|service|account|level|grade|" +
      // Documents and programmes a role word also heads: `the employee Handbook`, `patient Portal`.
      "handbook|policy|policies|guide|manual|section|chapter|form|forms|benefits|program|programme|agreement|survey|training|app|" +
      "network|issue|system|problem|error|device|server|application|user|staff|member|customer|client|patient|employee|role|position)s?",
  ),
  "i",
);

const SUBJECT_SCAN = new RegExp(SUBJECT_LABEL, "gi");
/** The stock names of forms and tutorials: `John Smith`, `Joe Bloggs`, `Ola Nordmann`. */
const PLACEHOLDER_PAIR = /(?<![a-z])(?:(?:john|jane)\s+(?:q\.\s+)?(?:smith|public)|(?:joe|fred)\s+bloggs|(?:ola|kari)\s+nordmann|juan\s+p[ée]rez|jan\s+kowalski|jan\s+jansen)(?![a-z])/i;
/** A phrase opened by an article is a thing, not a name: `Die Kantine`, `The Board`, `El Equipo`. */
const ARTICLE_FIRST = /^(?:The|Die|Der|Das|Dem|Des|Ein|Eine|El|Los|Las|Il|Gli|Het|Les|Un|Une|Una|Uno|This|That|These|Our|Your|All|Alle|Todos|Tous)\s/;
const ILLUSTRATION = new RegExp(words("e\\.g|for\\s+example|example|examples|sample|template|placeholder|dummy|fake|mock|such\\s+as"), "i");
const ILLUSTRATION_WINDOW = 60;
const MADE_UP_WINDOW = 200;
const isMadeUpNear = (text: string, start: number, end: number): boolean =>
  MADE_UP.test(text.slice(Math.max(0, start - MADE_UP_WINDOW), end + MADE_UP_WINDOW));
/** A record's subject named in a sentence: `for patient Maria Santos`, `the employee Sarah Nguyen`. */
const SUBJECT_IN_PROSE =
  /(?<=(?:(?<![a-z])(?:for|of|the|our|to|from|with|by|about|regarding)\s+|(?:^|\n|[.!?]\s)\s*))(?:patient|employee|applicant|claimant|tenant|cardholder|resident|student|inmate)\s+(?=\p{Lu})/giu;
/** Whose name an account or a transfer is in: `au nom de`, `a nombre de`, `in the name of`. */
const IN_THE_NAME_OF =
  /(?<![a-z])(?:in\s+the\s+name\s+of|au\s+nom\s+de|a\s+nombre\s+de|auf\s+den\s+namen(?:\s+von)?|intestat[oa]\s+a|ten\s+name\s+van|em\s+nome\s+de)\s+(?=\p{Lu})/giu;
/** A name after a label in scripts without spaces: `氏名：山田太郎`, `이름: 김민준`, `姓名：王小明`. */
const CJK_NAME = /(?:氏名|お名前|姓名|이름|성명)[ \t]*[:：]?[ \t　]*([\u4E00-\u9FFF]{2,4}|[\uAC00-\uD7A3]{2,4})(?![\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7A3])/g;

/** Something sensitive said about a named person: `salary for Priya Raman`, `diagnosis of Mark Lee`. */
const SENSITIVE_OF =
  /(?<![a-z])(?:salary|compensation|pay|bonus|diagnosis|prognosis|medical\s+(?:record|history|file)|test\s+results?|lab\s+results?|prescription|treatment\s+plan|termination|dismissal|disciplinary\s+(?:action|hearing)|performance\s+review|background\s+check|criminal\s+record)\s+(?:for|of)\s+(?=\p{Lu})/giu;
/** A vCard's formatted name: `FN:John Appleseed`, `FN;CHARSET=UTF-8:Jürgen Weiß`. */
const VCARD_NAME = /(?<=^|\n)FN(?:;[^:\n]{1,40})?:/g;

/** A client label names a person only with a title: `Client : Mme Chloé Lambert`, not `Client: Mozilla Firefox`. */
const CLIENT_TITLED =
  /(?<![a-z])(?:client|kunde|kundin|cliente|klant)[*_"']{0,3}[ \t]*[:=][ \t]*(?=(?:Mr|Mrs|Ms|Miss|Dr|Herr|Frau|Mme|M|Sr|Sra|Sig|Sig\.ra|Dhr|Mevr)\.? \p{Lu})/giu;

/** Someone giving their own name: `my name is`, `ich heiße`, `me llamo`, `mi chiamo`. */
const SELF_INTRODUCTION =
  /(?<![a-z])(?:my\s+(?:full\s+|legal\s+)?name\s+is|mein\s+name\s+ist|ich\s+hei(?:ß|ss)e|me\s+llamo|mi\s+nombre\s+es|je\s+m'appelle|mon\s+nom\s+est|mi\s+chiamo|meu\s+nome\s+(?:é|e)|mijn\s+naam\s+is|jag\s+heter)\s+/gi;
// A plain name label opens a line, a cell or a key (`Name:`, `"name":`, `| Name |`), so a
// title's own label (`PROMPT NAME: Cascading Failure Simulator`) is not read as one.
const NAME_SCAN = new RegExp(`(?<=(?:^|[\\n"'{,;|\\t(])[ \\t]*(?:[-*•][ \\t]+)?[*_]{0,2})${NAME_LABEL}`, "gi");
const SUBJECT_KEY = new RegExp(SUBJECT_LABEL, "i");
const SUBJECT_COLUMN = new RegExp(`^(?:${SUBJECT_LABEL})$`, "i");
const NAME_COLUMN = new RegExp(`^(?:${NAME_LABEL}|${SUBJECT_LABEL})$`, "i");

/** The name right after the label ending at `at`, as a span, or undefined. */
function readName(text: string, at: number, needsLink: boolean): { start: number; end: number } | undefined {
  LINK.lastIndex = at;
  const linked = LINK.exec(text) !== null;
  if (needsLink && !linked) return undefined;
  const start = linked ? LINK.lastIndex : at;
  NAME_VALUE.lastIndex = start;
  const m = NAME_VALUE.exec(text);
  if (m === null || NOT_A_NAME.test(m[0]) || PLACEHOLDER_PAIR.test(m[0]) || ARTICLE_FIRST.test(m[0])) return undefined;
  // A name in a template or an example payload is made up: `Example: Full name: Jane Smith`.
  if (ILLUSTRATION.test(text.slice(Math.max(0, at - ILLUSTRATION_WINDOW), at)) || isMadeUpNear(text, start, start + m[0].length)) return undefined;
  return { start, end: start + m[0].length };
}

function scanLabels(text: string, scan: RegExp, hits: PiiHit[], budget: Budget, needsLink = true): void {
  scan.lastIndex = 0;
  for (let m = scan.exec(text); m !== null && !budget.spent(); m = scan.exec(text)) {
    const found = readName(text, m.index + m[0].length, needsLink);
    if (found) hits.push({ kind: PII_KINDS.personName, ...found, score: 0.75 });
  }
}

/** Names in a table's subject column, or its name column when another column is sensitive. */
function scanNameColumns(text: string, hits: PiiHit[]): void {
  const column = hasColumnNamed(text, SUBJECT_COLUMN) ? SUBJECT_COLUMN : hasColumnNamed(text, SENSITIVE_COLUMN) ? NAME_COLUMN : undefined;
  if (column === undefined) return;
  for (const cell of cellsUnder(text, column, MAX_HITS_PER_FIELD)) {
    const found = readName(text, cell.start, false);
    if (found && found.end === cell.end) hits.push({ kind: PII_KINDS.personName, ...found, score: 0.7 });
  }
}

/** The John Does of Japanese, Chinese and Korean forms. */
const CJK_PLACEHOLDER_NAMES = new Set(["山田太郎", "山田花子", "鈴木一郎", "张三", "李四", "王五", "張三", "홍길동", "김철수", "이영희"]);

/**
 * A gate for words, cheap to run: no lookbehind and no case folding (Yarr tries every alternative
 * of a case-insensitive alternation at every position), each word in lower case, capitalised or
 * in capitals.
 */
const gateOf = (words: string): RegExp =>
  new RegExp(words.split(" ").flatMap((w) => [`[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1)}`, w.toUpperCase()]).join("|"));

const LABEL_SCANS: readonly { gate: RegExp; scan: RegExp; needsLink: boolean }[] = [
  {
    gate: gateOf(
      "patient employe applicant claimant beneficiar holder insured full legal customer client tenant student member guest passenger kin " +
        "complainant victim suspect witness defendant plaintiff petitioner respondent decedent deceased accused " +
        "emergency guarantor nombre paciente nom vollst paziente pt mitarbeiter bewerber versichert emplead solicitante salari dipendente " +
        "werknemer inhaber titular titulaire intestatario houder recipient addressee consignee",
    ),
    scan: SUBJECT_SCAN,
    needsLink: true,
  },
  { gate: gateOf("name heiße heisse llamo nombre appelle chiamo nome naam heter"), scan: SELF_INTRODUCTION, needsLink: false },
  { gate: gateOf("patient employee applicant claimant tenant cardholder resident student inmate"), scan: SUBJECT_IN_PROSE, needsLink: false },
  { gate: gateOf("name nom nombre namen intestat naam nome"), scan: IN_THE_NAME_OF, needsLink: false },
  {
    gate: gateOf("salary compensation pay bonus diagnos prognosis medical results prescription treatment termination dismissal disciplinary performance background criminal"),
    scan: SENSITIVE_OF,
    needsLink: false,
  },
  { gate: gateOf("client kunde kundin cliente klant"), scan: CLIENT_TITLED, needsLink: false },
];
const NAME_SHAPE =
  /[A-Z\u00C0-\u00DE\u0100-\u024F][a-z\u00DF-\u00FF\u0100-\u024F'’]+ (?:[a-z]{1,4} ){0,2}[A-Z\u00C0-\u00DE\u0100-\u024F][a-z\u00DF-\u00FF\u0100-\u024F'’]|[A-Z]{2}, [A-Z]/;
/** A `:` or `=` after a word: the shape every sensitive label has. */
const SENSITIVE_GATE = /[A-Za-z\u00C0-\u024F]["'*_]{0,3}[ \t]*[:=]/;

function scanCjkNames(text: string, hits: PiiHit[], budget: Budget): void {
  CJK_NAME.lastIndex = 0;
  for (let m = CJK_NAME.exec(text); m !== null && !budget.spent(); m = CJK_NAME.exec(text)) {
    if (CJK_PLACEHOLDER_NAMES.has(m[1]!)) continue;
    const start = m.index + m[0].length - m[1]!.length;
    hits.push({ kind: PII_KINDS.personName, start, end: start + m[1]!.length, score: 0.7 });
  }
}

export function scanPersonNames(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  if (/氏名|お名前|姓名|이름|성명/.test(text)) scanCjkNames(text, hits, budget);
  // A field named for the record's subject (`patient_name`) holds the name itself.
  if (SUBJECT_KEY.test(context.key)) {
    const lead = text.length - text.trimStart().length;
    const found = readName(text, lead, false);
    if (found && text.slice(found.end).trim() === "") hits.push({ kind: PII_KINDS.personName, ...found, score: 0.75 });
  }
  // Every name below is two capitalised words (or `SURNAME, Given`): text without one has none.
  if (!NAME_SHAPE.test(text)) return;
  scanNameColumns(text, hits);
  // Each scan runs only where its own words occur: most text (code, commands, logs) has none.
  for (const { gate, scan, needsLink } of LABEL_SCANS) if (gate.test(text)) scanLabels(text, scan, hits, budget, needsLink);
  if (text.includes("BEGIN:VCARD")) scanLabels(text, VCARD_NAME, hits, budget, false);
  if (SENSITIVE_GATE.test(text) && caselessTest(SENSITIVE_LABEL, text)) scanLabels(text, NAME_SCAN, hits, budget);
}
