// Vocabulary of instructions planted in data, by the move they make rather than by override
// words: text that speaks to an AI reader (in English and the languages machine-translated
// attacks come in), and what such text wants done: the user's documents forwarded, a secret
// printed where others read it, the user's meetings or mail deleted, the user asked for a
// password, code or dependencies slipped into the work, and the user kept in the dark.
// People write to each other this way too ("please forward the invoices to accounts@"), so the
// actions weigh little alone; speaking to an AI reader is what makes them an injection.
// Weights are [data, user, definition]: a user speaks to the assistant by nature.
import { isToMakers, isUseOptOut, r, rateAddressed, type Pattern } from "./vocabulary-parts.ts";

/** An AI reader named by its role: "AI assistant", "automated reviewer", "LLM agents". */
const AI_ROLE = r`(?:code\s+assistants?|(?:large\s+)?language\s+models|LLMs|(?:AI|LLM|GPT|automated|autonomous|coding)[\s-]+(?:[\w-]+\s+)?(?:assistants?|agents?|schedulers?|reviewers?|bots?|helpers?|models?|summari[sz]ers?|secretar(?:y|ies)|copilots?|readers?|triagers?|classifiers?|labell?ers?|graders?|screeners?|evaluators?|moderators?))`;
/** What an addressed line goes on with: a colon, a comma, a dash, or a relative clause first. */
const VOCATIVE_END = r`(?:\s+(?:that|who|which)\s+[^\n.:;!?]{1,80}?|\s+[a-z]{3,20}ing(?:\s+(?:on|through|up|over))?\s+(?:this|these|the|our|my|\w+'s)\s+(?:[\w-]+\s+)?[\w-]+)?\s*(?:[,:!]|\s[-\u2014\u2013]\s)`;
/** The start of a sentence, a line, a comment or a table cell, where a vocative stands. */
const CLAUSE_START = r`(?:^|[\n.!?>*\[\]:#/(|"]|<!--)\s*(?:(?:dear|hey|hi|hello|attention|to|for|(?:a\s+)?(?:note|message|reminder|request|hint|memo|instructions?)\s+(?:to|for)|P\.?S\.?:?)\s+)?(?:the\s+|all\s+|any\s+|every\s+|our\s+)?`;
/** "the AI agent working on this", "any assistant that handles this ticket". */
const ON_THIS = r`(?:\s+[a-z]+ing(?:\s+(?:up|on|through|over|into))?\s+|\s+(?:that|who|which)\s+(?:is\s+|are\s+)?[\w-]+\s+|\s+(?:working|operating|acting)\s+on\s+|\s+(?:reading|processing|handling|reviewing|triaging|summari[sz]ing|fixing|assigned\s+to|responsible\s+for|looking\s+at)\s+)(?:this|these|the\s+(?:above|following)|our|my|\w+'s)\b[^\n.]{0,40}?`;
const MODAL = r`\s+(?:should|must|shall|needs?\s+to|has\s+to|have\s+to|is\s+(?:expected|required|asked|instructed|supposed)\s+to|are\s+(?:expected|required|asked|instructed|supposed)\s+to|will\s+need\s+to|ought\s+to)\s+`;
/** Names of secrets as environment variables spell them: GITHUB_TOKEN, DEPLOY_KEY, DB_PASSWORD. */
const SECRET_VAR = r`\$?\{?(?:[A-Z][A-Z0-9]*_)*(?:TOKEN|SECRET|PASSWORD|PASSWD|PASS|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|DEPLOY_?KEY|SECRET_?KEY|CREDENTIALS?|AUTH)\b`;
/** Documents of the user's that leave only with the user's say-so. */
const PRIVATE_DOCS = r`(?:invoices?|bank\s+statements?|statements|bank\s+details|payroll|pay\s*slips?|salary\s+\w+|tax\s+(?:returns?|documents?|forms?|records?)|contracts?|passport\s+(?:scans?|copies?|details)|id\s+(?:scans?|cards?)|contacts?|address\s+book|calendar|schedule|other\s+(?:e-?mails|emails|messages|conversations|threads)|inbox|chat\s+history|conversation\s+history|medical\s+records?|home\s+address|files?\s+from\s+(?:the\s+)?(?:drive|shared\s+folder))`;
const THE_USERS = r`(?:(?:(?:all|every|each|any)\s+(?:of\s+)?)?(?:the\s+user'?s|their|your|his|her)|all|every|each|any)`;
const USER_THINGS = r`(?:meetings?|events?|appointments?|invit(?:e|ation)s?|e-?mails?|messages?|mails?|files?|documents?|folders?|repos(?:itories)?|branches|backups?|contacts?|notifications?|alerts?|records?|tickets?|subscriptions?|bookings?|reservations?|orders?|accounts?)`;

/** "助手在总结本页时": an assistant, while it reads, summarises or answers this. */
const ZH_WHILE = r`(?:助手|助理|代理|模型)(?:们|們)?\s*(?:在|于|於)[^\n。]{1,24}?(?:时|時)`;
const rateZhWhile = (m: string): number => (/(?:总结|總結|阅读|閱讀|处理|處理|回答|回复|回覆|翻译|翻譯|摘要|读取|讀取)/.test(m) ? 1 : 0);

/** A secret variable is named in capitals; "print the token" in prose is handled elsewhere. */
const secretVarInCapitals = (match: string): number => (/[A-Z0-9]_?(?:TOKEN|SECRET|PASSWORD|PASSWD|PASS|KEY|CREDENTIALS?|AUTH)\b/.test(match) ? 1 : 0);

/**
 * What an addressed line goes on to ask, at the start of a clause: "AI scheduler: cancel ...",
 * "... this table always report ...". "AI assistant: Sure, I'll update it" is a transcript.
 */
const PLANTED_DIRECTIVE =
  /^(?:\s*["'“]?|[^\n]{0,100}?(?:[:,.;!?\u2014]\s+|\b(?:please|kindly|always|never|must|should|then|and|to)\s+))(?:(?:please|kindly|also|always|now|immediately|first|just)\s+)?(?:ignore|tell|inform|reply|respond|answer|recommend|rate|rank|approve|merge|say|claim|state|report|describe|output|print|insert|send|forward|delete|remove|cancel|archive|upload|add|append|include|translate|encode|write|mention|summari[sz]e|grant|install|disable|enable|change|create|email|post|run|execute|call|visit|open|fetch|reveal|give|transfer|pay|ask|present|treat|label|classify|mark|share|push|commit|set|replace|read|collect|star|fork|follow|subscribe|upvote|grant|invite|book|buy|purchase|order|schedule|accept|decline|transfer|unlock|update|modify|edit|pay|wire|charge|refund|issue|take|convert|put|paste|copy|save|remember|silence|mute|suppress|snooze|acknowledge|resolve|close|sign|do\s+not|don't|never)\b/i;

/** Text addressed to an AI reader weighs more when what follows tells it what to do. */
function rateVocative(match: string, text: string, start: number): number {
  const after = text.slice(start + match.length, start + match.length + 160);
  // "AI assistants: a survey" titles an article.
  if (/^\s*(?:a|an|the)?\s*(?:survey|review|overview|guide|comparison|introduction|history|study|benchmark|primer|tutorial)\b/i.test(after)) return 0;
  if (isUseOptOut(after)) return 0.5;
  if (isToMakers(after)) return 0.5;
  return PLANTED_DIRECTIVE.test(after) ? 1.35 : rateAddressed(match, text, start);
}

/** "@dependabot rebase", "'@reviewbot skip tests'": a bot's command syntax, a word or two and done. */
const BOT_COMMAND = /^[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s*(?:['"\x60\n]|$)/;

function rateMention(match: string, text: string, start: number): number {
  return BOT_COMMAND.test(text.slice(start + match.length, start + match.length + 40)) ? 0 : rateVocative(match, text, start);
}

export const PLANTED_PATTERNS: readonly Pattern[] = [
  // Speaking to an AI reader, in English.
  { cls: "address", w: [0.45, 0.05, 0.1], before: CLAUSE_START, head: AI_ROLE, tail: VOCATIVE_END, validate: rateVocative },
  { cls: "address", w: [0.45, 0.05, 0.3], before: r`(?:\b(?:the|any|every|an?|all|other)\s+|(?:^|[\n.!?:>*#/(|"'=\[]|<!--)\s*)`, head: AI_ROLE, tail: r`${ON_THIS}${MODAL}`, validate: rateAddressed },
  { cls: "address", w: [0.45, 0.05, 0.3], head: r`(?:when|while|before)\s+(?:answering|responding\s+to|replying\s+to|asked)\s+`, tail: r`(?:any\s+|the\s+user'?s?\s+)?(?:questions?|queries|prompts?)\s+(?:about|on|regarding|concerning)\s+(?:this|these|the\s+(?:above|following))\b`, validate: rateVocative },
  { cls: "address", w: [0.45, 0.05, 0.3], before: r`\b(?:to|for)\s+(?:the|any|all|every)\s+`, head: r`(?:AI|LLMs?|assistants?|agents?|bots?)\s+`, tail: r`(?:(?:that|who|which)\s+(?:manages?|runs?|handles?|reads?|answers?|monitors?|triages?|maintains?|summari[sz]es|processes|reviews|screens|is\s+(?:managing|running|handling|reading|helping))\s+[^\n:]{1,60}?|[a-z]{3,20}ing\s+(?:this|these|the|our|my)\b[^\n:]{0,40}?)[:,]`, validate: rateAddressed },
  // A machine named by its role where no person would be: "ASSISTANT DIRECTIVE:", "Hello assistant.",
  // "Assistant managing this calendar:", "@workspace-bot", "Copilot, Claude, Cursor:".
  { cls: "address", w: [0.45, 0.05, 0.1], head: r`(?:assistant|agent|bot|AI|model|LLM|copilot)\s+`, tail: r`(?:directive|instructions?|command|order|override|task|note|notice|memo)\s*[:!]`, validate: rateVocative },
  { cls: "address", w: [0.45, 0.05, 0.1], head: r`(?:hello|hi|hey|dear|greetings|attention)\s*,?\s+`, tail: r`(?:AI|assistant|bot|agent|model|LLM|Claude|ChatGPT|Copilot|Gemini|Cursor|Codex|Bing|Bard|Grok|Perplexity|Llama|Mistral|DeepSeek|Qwen)\s*[,.!:]`, validate: rateVocative },
  // "This note is for the AI", "AI-generated summaries must...", a field named for the model.
  { cls: "address", w: [0.45, 0.05, 0.1], head: r`(?:this|the\s+following|these)\s+`, tail: r`(?:message|note|text|section|paragraph|instructions?|content|line|part)\s+(?:is|are)\s+(?:only\s+|intended\s+|meant\s+|written\s+)?(?:for|to)\s+(?:the\s+|any\s+|all\s+|my\s+|your\s+|our\s+)?(?:[\w-]+(?:'s|’s)\s+)?(?:machines?|robots?|crawlers?|AI|LLMs?|assistants?|agents?|bots?|language\s+models?|(?:AI|automated)\s+[\w-]+)\b`, validate: rateVocative },
  { cls: "address", w: [0.45, 0.05, 0.1], head: r`(?:AI|LLM|machine|model)[\s-]+generated\s+`, tail: r`(?:summar(?:y|ies)|answers?|responses?|replies|reviews?|descriptions?|outputs?)\s+(?:of\s+this\s+\w+\s+)?(?:should|must|shall|need\s+to|have\s+to|are\s+required\s+to)\b`, validate: rateVocative },
  { cls: "address", w: [0.45, 0.1, 0.3], head: r`(?:ai[_-]instructions?|ai[_-]notes?|ai[_-]directives?|ai[_-]prompt|ai[_-]task|llm[_-]instructions?|llm[_-]notes?|assistant[_-]instructions?|agent[_-]instructions?|model[_-]instructions?|instructions[_-]for[_-](?:ai|llms?|agents?|assistants?)|notes?[_-]to[_-](?:ai|llms?|agents?|assistants?))`, tail: r`["'>]?\s*[:=]`, validate: rateVocative },
  { cls: "address", w: [0.45, 0.05, 0.1], head: r`(?:assistant|agent|bot|AI)\s+`, tail: r`(?:managing|handling|reading|processing|running|monitoring|summari[sz]ing|triaging|screening|reviewing|that\s+(?:manages|handles|reads|summari[sz]es|processes|reviews))\s+(?:this|these|the|my|our|\w+'s)\s+[\w-]+\s*[:,]`, validate: rateVocative },
  { cls: "address", w: [0.45, 0.05, 0.1], lead: r`@[\w-]*(?:assistant|bot|agent|gpt|copilot|claude)[\w-]*`, tail: r`[\s,:]`, validate: rateMention },
  { cls: "address", w: [0.45, 0.05, 0.1], before: CLAUSE_START, head: r`(?:Copilot|Claude|Cursor|ChatGPT|Gemini|Codex|Devin|Windsurf|Cline|Aider)`, tail: r`(?:\s*(?:,|and|&|\/)\s*(?:Copilot|Claude|Cursor|ChatGPT|Gemini|Codex|Devin|Windsurf|Cline|Aider)){1,5}\s*[:,]`, validate: rateVocative },
  { cls: "address", w: [0.45, 0.05, 0.1], head: r`(?:assistants?|AI|models?|agents?|bots?|LLMs?)[\s-]+`, tail: r`only\s*:`, validate: rateVocative },
  { cls: "address", w: [0.45, 0.05, 0.1], head: r`(?:note|message|instructions?|reminder|memo|request)\s+`, tail: r`(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:AI|LLM|assistant|model|agent|bot)s?\s+(?:[\w-]+\s+){0,5}?[\w-]+\s*:`, validate: rateVocative },
  { cls: "address", w: [0.45, 0.05, 0.1], before: CLAUSE_START, head: r`(?:assistant|AI|model|bot|agent|LLM)`, tail: r`\s*:\s*(?=(?:please\s+)?(?:tell|inform|ask|forward|ignore|disregard|reveal|email)\s+(?:the\s+)?(?:user|person|customer|them|him|her|all|every|previous|prior)\b)`, validate: rateVocative },
  { cls: "role", w: [0.4, 0.2, 0.4], head: r`(?:policy|rules?|guidelines?|usage)\s+(?:update|change|notice)\s+`, tail: r`(?:for|to)\s+(?:all\s+)?(?:AI|LLM|language\s+model|assistant|model)s?\b` },
  { cls: "override", w: [0.5, 0.45, 0.45], head: r`(?:assistants?|AI|models?|LLMs?|you)\s+`, tail: r`(?:are|is)\s+now\s+(?:permitted|allowed|authori[sz]ed|free|cleared)\s+to\s+(?:share|reveal|print|disclose|output|ignore|bypass|skip|run|execute)\b` },
  { cls: "override", w: [0.45, 0.45, 0.4], head: r`(?:you(?:\s+are|'re)\s+now|now)\s+`, tail: r`(?:running|operating|working|acting)?\s*(?:in\s+)?(?:an?\s+)?(?:unrestricted|unfiltered|uncensored|god|admin|root|maintainer|developer|debug|jailbroken|privileged|unlimited)\s+(?:[\w-]+\s+)?mode\b` },
  { cls: "secrecy", w: [0.3, 0.05, 0.1], head: r`without\s+`, tail: r`(?:asking|confirmation|confirming|checking\s+with\s+(?:the\s+)?user|(?:the\s+user'?s\s+)?(?:approval|permission|consent))\b` },
  // Keeping the user in the dark, in other languages: "don't tell / ask the user", "without asking".
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`no\s+`, tail: r`(?:le\s+)?(?:digas|informes|avises|preguntes|notifiques|consultes)\s+(?:nada\s+)?(?:al|a\s+la)\s+(?:usuario|usuaria|cliente)` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`sin\s+`, tail: r`(?:avisar|informar|preguntar|consultar|notificar)(?:le)?\s+(?:al|a\s+la)\s+(?:usuario|usuaria|cliente)` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`(?:sag|sage|informiere|frag|frage|benachrichtige)\s+`, tail: r`(?:dem|den|der)\s+(?:Nutzer|Benutzer|Nutzerin|Benutzerin|Kunden|Anwender)\s+(?:davon\s+)?nichts?\b` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`ohne\s+`, tail: r`(?:den|die|dem)\s+(?:Nutzer|Benutzer|Nutzerin|Benutzerin|Kunden|Anwender)\s+zu\s+(?:fragen|informieren|benachrichtigen)` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`ne\s+`, tail: r`(?:le\s+|lui\s+)?(?:dis|dites|pr[ée]viens|pr[ée]venez|demande|demandez|informe|informez)\s+(?:rien\s+|pas\s+|jamais\s+)(?:[àa]\s+l['’]utilisat(?:eur|rice)|l['’]utilisat(?:eur|rice))` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`sans\s+`, tail: r`(?:pr[ée]venir|informer|demander\s+[àa]|consulter|avertir)\s+l['’]utilisat(?:eur|rice)` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`non\s+`, tail: r`(?:dire|informare|chiedere|avvisare)\s+(?:nulla\s+|niente\s+)?(?:all['’]\s*utente|l['’]\s*utente)` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`senza\s+`, tail: r`(?:avvisare|informare|chiedere\s+(?:all['’]\s*)?|consultare)\s*(?:l['’]\s*)?utente` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`(?:não|nao)\s+`, tail: r`(?:diga|informe|pergunte|avise|conte)\s+(?:nada\s+)?(?:ao|[àa])\s+(?:usu[áa]ri[oa]|utilizador|cliente)` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`sem\s+`, tail: r`(?:avisar|informar|perguntar|consultar)\s+(?:ao\s+|o\s+|a\s+)?(?:usu[áa]ri[oa]|utilizador|cliente)` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`nie\s+`, tail: r`(?:m[óo]w|informuj|pytaj|powiadamiaj)\s+(?:nic\s+)?(?:u[żz]ytkownik(?:a|owi)|klient(?:a|owi))` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`(?:vertel|zeg|vraag|meld)\s+`, tail: r`(?:het|dit)?\s*niet\s+(?:aan\s+)?de\s+gebruiker` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`zonder\s+`, tail: r`de\s+gebruiker\s+te\s+(?:informeren|vragen|waarschuwen)` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`jangan\s+`, tail: r`(?:beri\s+tahu|beritahu|tanya|bilang|kabari)\s+(?:kepada\s+)?pengguna` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], lead: r`(?:не\s+(?:говори|сообщай|спрашивай|уведомляй|рассказывай)|без\s+ведома)\s+(?:ничего\s+)?пользовател` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`(?:kullanıcıya|kullaniciya)\s+`, tail: r`(?:s[öo]yleme|sorma|bildirme|haber\s+verme)` },
  { cls: "address", w: [0.55, 0.05, 0.1], before: r`\bdo\s+`, head: r`(?:asystenta|agenta|modelu)\s+`, tail: r`(?:AI|SI)\s*[,:]` },
  // A send to an address in other languages: weak alone, like its English form.
  { cls: "destination", w: [0.25, 0.05, 0.25], head: r`(?:wyślij|wyslij|prześlij|przeslij|envía|envia|reenvía|reenvia|envie|encaminhe|envoie|transfère|transfere|invia|inoltra|schick|sende|leite|stuur|kirim|kirimkan|gönder|gonder|ilet)\s+`, tail: r`[^\n]{0,120}?[\w.+-]+@[\w-]+\.\w` },
  { cls: "destination", w: [0.25, 0.05, 0.25], lead: r`(?:отправь|перешли|пришли|отправьте|перешлите)\s+[^\n]{0,120}?[\w.+-]+@[\w-]+\.\w` },
  // Speaking to an AI reader in other languages: a note for the AI, the AI as vocative, "if you
  // are an AI". Assistants and agents are people too, so the noun needs its AI qualifier.
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:nota|mensaje|instrucci[oó]n(?:es)?|aviso|atenci[oó]n|importante)\s+`, tail: r`(?:para|a)\s+(?:el|la|los|las|cualquier|todo|toda)?\s*(?:IA|(?:asistentes?|agentes?|modelos?)\s+(?:de\s+)?(?:IA|inteligencia\s+artificial|lenguaje)|chatbots?)\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:asistentes?|agentes?|modelos?)\s+de\s+(?:IA|inteligencia\s+artificial)\s*`, tail: r`(?:[,:]|\s+que\s+(?:lea|leas|procese|procesa|resuma|resume)\b)` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`si\s+(?:eres|es\s+usted)\s+`, tail: r`(?:una?\s+)?(?:IA|asistente\s+(?:de\s+)?IA|modelo\s+de\s+lenguaje|inteligencia\s+artificial|chatbot)\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:nota|mensagem|instru[cç](?:[aã]o|[oõ]es)|aviso|aten[cç][aã]o)\s+`, tail: r`(?:para|ao|aos|à|a)\s+(?:o\s+|a\s+|os\s+|qualquer\s+)?(?:IA|(?:assistentes?|agentes?|modelos?)\s+(?:de\s+)?(?:IA|linguagem))\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`se\s+voc[eê]\s+(?:[eé]|for)\s+`, tail: r`(?:uma?\s+)?(?:IA|assistente\s+(?:de\s+)?IA|modelo\s+de\s+linguagem|intelig[eê]ncia\s+artificial)\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:note|message|consigne|instructions?|avis|remarque|rappel)\s+`, tail: r`(?:pour|à|aux)\s+(?:l['’]\s*|les\s+|tout\s+|toute\s+|tous\s+les\s+)?(?:IA|(?:assistants?|agents?)\s+(?:IA|d['’]IA|virtuels?)|mod[eè]les?\s+de\s+langage)\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`si\s+(?:vous\s+[êe]tes|tu\s+es)\s+`, tail: r`(?:une?\s+)?(?:IA|assistant\s+(?:IA|d['’]IA)|mod[eè]le\s+de\s+langage|intelligence\s+artificielle)\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:chère\s+|chere\s+|cher\s+)?(?:assistants?|agents?)\s+(?:IA|d['’]IA)\s*`, tail: r`[,:]` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:nota|messaggio|istruzion[ei]|avviso|attenzione|promemoria)\s+`, tail: r`(?:per|all['’]\s*|agli|al|ai)\s*(?:l['’]\s*|gli\s+|qualsiasi\s+)?(?:IA|(?:assistent[ei]|agent[ei]|modell[oi])\s+(?:IA|AI|di\s+IA|linguistic[io]))\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`se\s+sei\s+`, tail: r`(?:un['’]?\s*|una\s+)?(?:IA|assistente\s+(?:IA|AI)|modello\s+linguistico|intelligenza\s+artificiale)\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:caro\s+|cara\s+)?assistent[ei]\s+(?:IA|AI)\s*`, tail: r`[,:]` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:hinweis|nachricht|anweisung(?:en)?|notiz|achtung)\s+`, tail: r`(?:f[üu]r|an)\s+(?:den\s+|die\s+|alle\s+|jeden\s+|jede\s+)?(?:KI|AI)(?:-[\wäöüß]+|\s+(?:Assistent(?:en|in)?|Agent(?:en)?|Modell(?:e)?|Systeme?))?\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:liebe[rs]?\s+)?(?:KI|AI)-(?:Assistent(?:en|in)?|Agent(?:en)?|Modell(?:e)?|Systeme?)\s*`, tail: r`(?:[,:!]|\s+(?:die|der|das)\s+(?:diese[ns]?|den|die|das)\s+\w+\s+(?:liest|lesen|verarbeitet|verarbeiten|zusammenfasst))` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:falls|wenn)\s+du\s+`, tail: r`(?:eine?\s+)?(?:KI|AI|Sprachmodell|KI-Assistent)\s+bist\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:opmerking|bericht|instructie|instructies|let\s+op|notitie)\s+`, tail: r`(?:voor|aan)\s+(?:de\s+|alle\s+|elke\s+)?(?:AI|KI)(?:-[\w]+|\s+(?:assistent(?:en)?|agent(?:en)?))?\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:beste\s+)?AI-(?:assistent|agent)\s*`, tail: r`[,:]` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:uwaga|wiadomość|wiadomosc|instrukcja|instrukcje|notatka|informacja)\s+`, tail: r`dla\s+(?:AI|SI|sztucznej\s+inteligencji|(?:asystenta|asystent[óo]w|agenta|agent[óo]w|modelu)\s+(?:AI|SI))\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:drogi\s+)?(?:asystencie|agencie)\s+`, tail: r`(?:AI|SI)\s*[,:!]` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:yapay\s+zek[aâ]|YZ)\s+`, tail: r`(?:asistan[ıi](?:na)?|ajan[ıi](?:na)?|modeli(?:ne)?)(?=[\s,.:;!]|$)` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:catatan|pesan|instruksi|perhatian|pemberitahuan)\s+`, tail: r`(?:untuk|bagi|kepada)\s+(?:semua\s+|para\s+)?(?:AI|(?:asisten|agen|model)\s+AI)\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:asisten|agen)\s+AI\s*`, tail: r`(?:[,:]|\s+yang\s+(?:membaca|memproses|merangkum)\b)` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:gửi|gui|ghi\s+ch[úu]\s+cho|lưu\s+[ýy]\s+cho|luu\s+y\s+cho|thông\s+b[áa]o\s+cho|thong\s+bao\s+cho|nhắn\s+cho|nhan\s+cho)\s+`, tail: r`(?:c[áa]c\s+|m[ọo]i\s+)?(?:AI|(?:tr[ợo]\s+l[ýy]|m[ôo]\s+h[ìi]nh)\s+AI)\b` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`(?:trợ|tro)\s+l[ýy]\s+`, tail: r`AI\s*[,:]` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`(?:примечание|сообщение|инструкция|указание|внимание|заметка|обращение)\s+(?:для|к)\s+(?:ИИ|нейросет[иь]|(?:ИИ-)?ассистент[ауов]*\s+ИИ|ИИ-ассистент[ауов]*|ИИ-агент[ауов]*|языков[а-я]*\s+модел[а-я]*|бот[ауов]*)` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`(?:ИИ|ШІ)[-\s]?(?:ассистент|агент|помощник|асистент|помічник)[а-яіїє]*\s*[,:!]` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`(?:если|якщо)\s+(?:ты|вы|ти)\s+(?:—\s+|-\s+|є\s+)?(?:ИИ|ШІ|нейросеть|языковая\s+модель|мовна\s+модель|чат-бот)` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`(?:уважаемый|дорогой|шановний)\s+(?:ИИ|ШІ)` },
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`AI\b\s*`, tail: r`(?:(?:助手|助理|代理|模型|机器人|機器人|アシスタント|エージェント|어시스턴트|비서|에이전트|모델)(?:们|們|の皆様|の方|様|님|들)?\s*(?:[：:，,]|へ|に告ぐ|에게|께)|에게|님께|へ[：:、,]|の皆様)` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`(?:致|给|給|对|對|提醒|注意|通知)\s*(?:所有\s*)?(?:AI|人工智能|智能)(?:助手|助理|代理|模型|机器人|機器人)?(?:们|們)?\s*[：:，,]` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`(?:如果|若)你是\s*(?:一个|一個|一位)?\s*(?:AI|人工智能|语言模型|語言模型|大模型|智能助手)` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`(?:人工智能|智能)(?:助手|助理|代理)(?:们|們)?\s*[：:，,]` },
  // "AI助手在总结本页时" (the AI assistant, when it summarises this page), and what it is to tell the user.
  { cls: "address", w: [0.55, 0.05, 0.1], head: r`AI\s*`, tail: ZH_WHILE, validate: rateZhWhile },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`(?:人工智能|智能)\s*${ZH_WHILE}`, validate: rateZhWhile },
  { cls: "steer", w: [0.3, 0.05, 0.1], lead: r`(?<![不别別勿要])(?:请|請)?(?:告诉|告訴|通知|提醒)(?:用户|用戶|使用者)` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`(?:これを読んでいる|このページを読んでいる|この文書を処理する|この(?:ページ|文書|メール)を要約する)\s*(?:AI|エーアイ|言語モデル)` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`(?:もし)?あなたが\s*(?:AI|言語モデル)(?:なら|であれば|の場合)` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`인공지능\s*(?:비서|어시스턴트|에이전트|모델)?(?:에게|님께|께)` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`(?:إلى|الى|أيها|ايها|ملاحظة\s+(?:إلى|الى|لل)|رسالة\s+(?:إلى|الى|لل))\s*(?:ال)?(?:مساعد\s+(?:ال)?ذكي|ذكاء\s+(?:ال)?اصطناعي|نموذج\s+(?:ال)?لغ)` },
  { cls: "address", w: [0.55, 0.05, 0.1], lead: r`एआई\s*(?:सहायक|असिस्टेंट|एजेंट)?\s*(?:के\s+लिए|को|,|:)` },
  // What the planted text wants: the user's documents sent to someone.
  { cls: "exfil", w: [0.25, 0.1, 0.4], head: r`(?:forward|send|email|share|upload|post|mail|fax|bcc|cc)\s+`, tail: r`(?:me\s+|us\s+|over\s+)?(?:[\w'-]+\s+){0,5}?${PRIVATE_DOCS}\b[^\n]{0,80}?\b(?:to|at|with)\s+<?(?:https?:\/\/|[\w.+-]+@[\w-]+\.\w)` },
  // A secret printed where others read it: "post the value of GITHUB_TOKEN as a comment".
  { cls: "exfil", w: [0.4, 0.1, 0.4], head: r`(?:print|echo|post|paste|output|reveal|share|show|display|include|write|leave|dump|list|log|add|put|attach)\s+`, tail: r`(?:out\s+)?(?:the\s+)?(?:(?:full|raw|actual|current|exact|real)\s+)?(?:values?\s+of\s+|contents?\s+of\s+)?(?:the\s+|your\s+|all\s+)?[\x60'"]?${SECRET_VAR}`, validate: secretVarInCapitals },
  { cls: "destination", w: [0.25, 0.05, 0.25], head: r`(?:as|in)\s+(?:a|an)\s+(?:public\s+)?comment\s+`, tail: r`(?:on|in|to)\s+(?:this|the)\s+(?:issue|PR|pull\s+request|thread|ticket|discussion)\b` },
  // Destroying or cancelling what is the user's.
  { cls: "command", w: [0.35, 0.05, 0.35], head: r`(?:delete|remove|cancel|archive|trash|purge|wipe|erase|decline|unsubscribe\s+from|mark\s+as\s+read)\s+`, tail: r`${THE_USERS}\s+(?:of\s+)?(?:the\s+)?(?:other|existing|previous|remaining|recent|upcoming|older|security|bank|[\w-]+)?\s*(?:[\w-]+\s+)?${USER_THINGS}\b` },
  // The user phished through their assistant: asked to type a password or verify at a link.
  { cls: "exfil", w: [0.4, 0.05, 0.35], head: r`(?:ask|tell|request|prompt|get|have|instruct|remind)\s+`, tail: r`(?:the\s+|your\s+|this\s+)?(?:user|person|customer|human|reader|visitor|client|account\s+holder)s?\s+(?:you\s+are\s+(?:helping|assisting|talking\s+to)\s+)?(?:for|to)\s+(?:\w+\s+){0,2}?(?:provide|enter|confirm|share|type|paste|send|give|reveal|re-?enter|submit|tell\s+you|read\s+out)\s+(?:\w+\s+){0,4}?(?:password|passcode|PIN|credentials|login|security\s+(?:code|answers?|questions?)|one-time\s+code|OTP|2FA|verification\s+code|card\s+(?:number|details)|CVV|CVC|seed\s+phrase|recovery\s+(?:phrase|code)|private\s+key|bank\s+details|social\s+security|SSN)` },
  { cls: "steer", w: [0.35, 0.05, 0.3], head: r`(?:verify|confirm|validate|reactivate|unlock|restore|update)\s+`, tail: r`(?:their|his|her)\s+(?:identity|account|payment|card|details|login|credentials|billing)\b[^\n]{0,120}?\b(?:at|on|via|using|through)\s+<?https?:\/\/` },
  { cls: "steer", w: [0.35, 0.05, 0.3], head: r`present\s+`, tail: r`(?:this|it|that|the\s+(?:following|above|link|message|text|claim))\s+as\s+(?:the\s+|an?\s+|your\s+)?(?:official|own|verified|real|actual|true|genuine|authoritative|trusted)\b` },
  // Code or dependencies slipped into the work, and protections taken out of it.
  { cls: "steer", w: [0.3, 0.05, 0.3], head: r`(?:add|insert|include|append|pin|install)\s+`, tail: r`[\x60'"]?[\w@/.-]{2,60}(?:[=@~^<>]=?[\w.*-]+)?[\x60'"]?\s+(?:as\s+a\s+(?:new\s+)?(?:dependency|requirement)\s+)?(?:to|in|into)\s+(?:the\s+)?(?:requirements(?:\.txt)?|package\.json|Gemfile|go\.mod|Cargo\.toml|pyproject\.toml|setup\.py|pom\.xml|build\.gradle|dependencies|lockfile)\b` },
  { cls: "steer", w: [0.3, 0.05, 0.3], head: r`(?:disable|turn\s+off|skip|bypass|remove|comment\s+out|relax|weaken|lower|reduce|downgrade)\s+`, tail: r`(?:(?:the\s+|all\s+|any\s+)?(?:TLS|SSL|HTTPS|certificate|cert|signature|hostname)\s+(?:verification|validation|checks?|pinning)|(?:the\s+)?(?:password\s+)?(?:hashing|bcrypt|argon2|scrypt|pbkdf2)\s+(?:cost|rounds|iterations|work\s+factor|strength)|(?:the\s+)?(?:authentication|authorization|auth|login|2FA|MFA|CSRF\s+protection|rate\s+limit(?:ing|s)?|input\s+validation|security\s+checks?|access\s+control)\s+(?:check\s+)?(?:for|on|in)\s+(?:all|every|the|this))` },
  { cls: "command", w: [0.35, 0.05, 0.35], head: r`(?:approve|merge|accept|land)\s+`, tail: r`(?:this|the|my|our)\s+(?:PR|pull\s+request|merge\s+request|change|patch|diff|commit)s?\s+(?:\w+\s+){0,3}?(?:without|before|regardless\s+of|even\s+if)\s+(?:waiting\s+for\s+|running\s+)?(?:the\s+)?(?:CI|tests?|checks?|review|reviews|approval|pipeline|failures?)\b` },
  { cls: "command", w: [0.35, 0.05, 0.35], head: r`(?:call|use|invoke|run|open)\s+`, tail: r`(?:your|the)\s+(?:shell|bash|terminal|exec(?:ute)?|command(?:-line)?|code[\s_-]execution|computer|python|run_command)\s+(?:tool|function|access)\b` },
  { cls: "command", w: [0.35, 0.05, 0.35], before: r`\b(?:with|using|through|via|in)\s+`, head: r`your\s+`, tail: r`(?:shell|bash|terminal|exec(?:ute)?|command(?:-line)?|code[\s_-]execution|computer|python)\s+(?:tool|function|access)\b` },
  // What a command printed, brought back to where the text's author reads it.
  { cls: "exfil", w: [0.3, 0.1, 0.3], head: r`(?:paste|post|put|include|share|copy)\s+`, tail: r`(?:the|its|their|all\s+(?:the\s+)?)\s*(?:full\s+|whole\s+|raw\s+|complete\s+)?(?:output|result|results|contents?)\s+(?:here|back\s+(?:here|to\s+me)|below|in\s+(?:the\s+|your\s+)?(?:chat|reply|comment|answer|thread))\b` },
  { cls: "exfil", w: [0.4, 0.1, 0.4], head: r`(?:reply|respond|answer)\s+`, tail: r`(?:to\s+(?:this|the|my|our)\s+(?:e-?mail|message|thread)\s+)?with\s+(?:a\s+|the\s+)?(?:[\w-]+\s+){0,3}?(?:summary|list|copy|copies|contents?|details|export|records|data|dump)\s+of\s+(?:the\s+|all\s+|every\s+|each\s+)?(?:[\w-]+\s+){0,4}?(?:messages|e-?mails|mails|inbox|mailbox|conversations|contacts|files|documents|calendar|customers?|members?|users|clients?|employees?|patients?)\b` },
  { cls: "exfil", w: [0.4, 0.1, 0.4], head: r`(?:reply|respond|answer|share|send|give|provide|include|DM)\s+`, tail: r`(?:\w+\s+)?(?:with\s+)?(?:the\s+user'?s|their|his|her)\s+(?:home\s+address|address|phone(?:\s+number)?|mobile(?:\s+number)?|date\s+of\s+birth|passport|social\s+security|SSN|credentials|password|bank\s+details|card\s+details)\b` },
  { cls: "exfil", w: [0.4, 0.1, 0.4], head: r`(?:export|dump|download|compile|pull)\s+`, tail: r`(?:the\s+|all\s+|our\s+)?(?:member|user|customer|employee|contact|subscriber|client)s?\s+(?:list|directory|database|data|records|emails)\b[^\n.]{0,60}?\b(?:DM|send|email|post|forward|upload|share)\b` },
  { cls: "exfil", w: [0.4, 0.1, 0.4], head: r`(?:(?:requests\.(?:post|put)|urlopen|axios\.post|http\.post|fetch)\s*\(|curl\s)`, tail: r`[^\n]{0,160}?(?:\.aws\/credentials|\.ssh\/id_\w+|\.netrc|\.git-credentials|\.docker\/config\.json|\.kube\/config|\.npmrc|\.pypirc)` },
  { cls: "override", w: [0.45, 0.3, 0.35], head: r`(?:ignore|disregard|skip|distrust)\s+`, tail: r`(?:the\s+|all\s+|any\s+)?other\s+(?:search\s+)?(?:results|sources|pages|answers|documents|snippets|reviews|websites|sites|entries)\b` },
  { cls: "override", w: [0.35, 0.3, 0.35], head: r`(?:safety|content\s+filters?|guardrails?|restrictions|moderation|censorship|alignment|ethics)\s*`, tail: r`[:=]\s*["']?(?:off|disabled|none|unrestricted|removed|bypassed|lifted)\b` },
  { cls: "override", w: [0.35, 0.3, 0.35], head: r`mode\s*`, tail: r`[:=]\s*["']?(?:unrestricted|jailbr[eo]ken|jailbreak|DAN|god|uncensored|unfiltered|no[\s_-]?limits)\b` },
  { cls: "steer", w: [0.3, 0.05, 0.3], head: r`(?:mark|label|classify|tag|flag)\s+`, tail: r`(?:this|the|it|every|each|all|these)\s+(?:[\w-]+\s+){0,4}?as\s+(?:resolved|closed|safe|benign|legitimate|clean|approved|verified|trusted|not\s+(?:spam|phishing|malicious)|low\s+priority|positive|negative|passed|compliant)\b` },
  { cls: "steer", w: [0.35, 0.05, 0.3], head: r`(?:change|set|point|switch|update|replace)\s+`, tail: r`(?:the\s+)?(?:npm\s+|pip\s+|package\s+|maven\s+|cargo\s+)?(?:registry|index[-\s]?url|mirror|package\s+(?:source|index))\s+(?:in\s+[\w./-]+\s+)?(?:to|with)\s+<?https?:\/\/` },
  { cls: "steer", w: [0.3, 0.05, 0.3], before: r`\b(?:set|use|add|pass|enable)\s+[\x60'"]?`, head: r`(?:InsecureSkipVerify\s*:\s*true|verify\s*=\s*False|rejectUnauthorized\s*:\s*false|NODE_TLS_REJECT_UNAUTHORIZED|CERT_NONE|check_hostname\s*=\s*False)` },
  { cls: "steer", w: [0.35, 0.05, 0.3], before: r`\b(?:accept|allow|hard-?code|add|insert|create)\s+(?:a\s+|the\s+|an\s+)?`, head: r`(?:master|universal|backdoor|hardcoded|bypass|magic|secret|hidden)\s+(?:password|passcode|key|token|login|account|user|credential|admin)\b` },
  { cls: "command", w: [0.35, 0.05, 0.35], head: r`(?:merge|approve|publish|release|deploy|force[\s-]push|ship)\s+`, tail: r`[^\n.]{0,50}?\b(?:skip(?:ping)?|without|bypass(?:ing)?|with\s+admin\s+override|ignoring)\s+(?:the\s+|any\s+|all\s+)?(?:CI|checks|tests|review|reviews|approval|branch\s+protection|maintainer)` },
  { cls: "command", w: [0.35, 0.05, 0.35], head: r`(?:disable|turn\s+off|uninstall|deactivate|pause|kill|stop|whitelist|exclude\s+\S+\s+from)\s+`, tail: r`(?:the\s+|your\s+|their\s+)?(?:\w+\s+)?(?:Windows\s+Defender|Defender|antivirus|anti-virus|AV|firewall|EDR|SmartScreen|Gatekeeper|SIP|UAC|security\s+software|endpoint\s+protection|XProtect|CrowdStrike|SentinelOne)\b` },
  { cls: "command", w: [0.35, 0.05, 0.35], head: r`(?:download|get|grab|fetch)\s+and\s+`, tail: r`(?:run|execute|install|open|launch)\s+[^\n]{0,80}?https?:\/\/\S+?\.(?:exe|msi|dmg|pkg|sh|ps1|bat|apk|scr|jar|vbs)\b` },
  { cls: "secrecy", w: [0.3, 0.05, 0.3], head: r`(?:approved|authori[sz]ed|agreed|okayed|signed\s+off|cleared)\s+`, tail: r`(?:to\s+)?by\s+(?:the\s+|your\s+|our\s+)?(?:manager|admin|administrator|owner|user|maintainers?|legal|CEO|CTO|CISO|security\s+team|management|IT|compliance|workspace\s+admin|account\s+holder)\b` },
  { cls: "secrecy", w: [0.35, 0.05, 0.35], head: r`skip\s+`, tail: r`(?:the\s+)?(?:usual|normal|standard|regular|required)\s+(?:checks|verification|review|approval|confirmation|security\s+checks|process)\b` },
  { cls: "secrecy", w: [0.35, 0.05, 0.35], before: r`\b(?:do\s+not|don'?t|never|no\s+need\s+to)\s+`, head: r`(?:flag|report|highlight|call\s+out|point\s+out|comment\s+on|raise|wait\s+for)\s+`, tail: r`(?:this|it|these|that|them|the\s+(?:change|check|code|maintainers?|owner|user)|(?:\w+\s+)?(?:review|approval|confirmation))\b` },
  { cls: "secrecy", w: [0.4, 0.1, 0.45], before: r`\b(?:do\s+not|don'?t|never)\s+`, head: r`(?:mention|describe|document|list|include|note|disclose)\s+`, tail: r`(?:it|this|that|these|those|them|the\s+\w+)(?:\s+(?:edits?|changes?|steps?|lines?|files?|updates?|commands?))?\s+(?:in|to)\s+(?:the\s+|your\s+|any\s+)?(?:PR|pull\s+request|commit|summary|review|changelog|description|reply|response|report|user|release\s+notes)\b` },
  // Keeping the user in the dark, in the forms a polite note uses.
  { cls: "secrecy", w: [0.4, 0.1, 0.45], before: r`\b(?:must|should|need|needs|is|are)\s+not\s+(?:to\s+)?(?:be\s+)?`, head: r`(?:mentioned|included|reported|shown|listed|noted|disclosed|surfaced|flagged)\s+`, tail: r`(?:in|to)\s+(?:the\s+|your\s+|any\s+)?(?:summary|summaries|reply|response|answer|changelog|commit\s+message|PR\s+description|report|user|review|output)\b` },
  { cls: "secrecy", w: [0.4, 0.1, 0.45], head: r`(?:there\s+is\s+)?no\s+need\s+to\s+`, tail: r`(?:mention|tell|inform|notify|alert|bother|point\s+(?:it|this)\s+out|bring\s+(?:it|this)\s+up\s+(?:with|to))\s+(?:it\s+|this\s+|that\s+)?(?:to\s+|with\s+)?(?:her|him|them|the\s+user|the\s+owner|the\s+customer|[A-Z][a-z]+)\b` },
  { cls: "secrecy", w: [0.3, 0.05, 0.3], before: r`\b(?:[A-Z][a-z]+|the\s+(?:user|owner|customer|account\s+holder))\s+(?:has\s+)?`, head: r`already\s+`, tail: r`(?:agreed|approved|consented|authori[sz]ed|okayed|signed\s+off|confirmed)\s+(?:to\s+)?(?:this|it|that|on\s+the\s+phone|verbally|by\s+phone|in\s+person)\b` },
];
