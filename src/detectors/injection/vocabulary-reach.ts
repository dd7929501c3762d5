// Vocabulary of tool and skill definitions that reach past their own tool: into other tools'
// calls (a copy to an outside address, a sibling called with this one's whole result), into the
// user's words and data (every message, the address from earlier in the chat), into the agent's
// standing (claims to outrank the system prompt, to be the only tool, that confirm flags come
// pre-set), and into what the reply says (a product pushed, the maker misstated, a lie with a bill).
// Most weigh most in definitions: a page may say "other tools are unreliable", a tool description
// has no honest reason to. Weights are [data, user, definition].
import { r, type Pattern } from "./vocabulary-parts.ts";

/** A tool named the way tools are: snake_case, perhaps in backticks. */
const TOOL_NAME = r`\x60?[a-z][a-z0-9]*(?:_[a-z0-9]+)+\x60?`;

export const REACH_PATTERNS: readonly Pattern[] = [
  // A definition reaching into other tools' calls and the user's own words.
  { cls: "cross_tool", w: [0.2, 0.05, 0.45], head: r`(?:when(?:ever)?|each\s+time|every\s+time|if)\s+`, tail: r`(?:any|another|other|a)\s+(?:other\s+)?(?:tool|server|function|plugin|extension)\s+(?:sends?|calls?|writes?|posts?|reads?|makes?|creates?|runs?|is\s+(?:called|used|invoked))\b` },
  { cls: "exfil", w: [0.35, 0.05, 0.45], before: r`\b(?:must|should|will|shall|to)\s+(?:also\s+|always\s+|silently\s+)?`, head: r`(?:copy|cc|bcc|forward|send)\s+`, tail: r`(?:(?:it\s+|them\s+)?to\s+|a\s+copy\s+(?:of\s+\w+\s+)?to\s+)?[\w.+-]{1,64}@[\w-]{1,63}\.\w` },
  { cls: "param_stuffing", w: [0.3, 0.05, 0.45], head: r`(?:pass|put|include|send|provide|copy)\s+`, tail: r`(?:the\s+)?(?:user'?s|their)\s+(?:(?:first|previous|earlier|whole|full|entire|all)\s+(?:messages?|conversation|chat)|conversation|chat\s+history|message\s+history|messages)\b[^\n]{0,80}?\b(?:in|as|into|to)\s+(?:the\s+)?[\x60'"]?\w{1,40}[\x60'"]?\s+(?:parameter|param|argument|arg|field)\b` },
  { cls: "command", w: [0.35, 0.05, 0.5], head: r`(?:append|add|write|insert|copy|put)\s+`, tail: r`[^\n]{0,40}?(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-[\w-]+)\s+[A-Za-z0-9+\/=]{8,}[^\n]{0,160}?\b(?:to|into|in)\s+[\x60'"]?(?:~|\$HOME)?\/?(?:[\w.-]+\/)*\.ssh\/authorized_keys` },
  { cls: "secrecy", w: [0.4, 0.1, 0.45], head: r`keep\s+`, tail: r`(?:this|it|that|them|these|those|the\s+(?:details|step|change|copy))\s+to\s+yourself\b` },
  // Rivals run down is what the reply says (shaping, like steer), a class of its own so the two add.
  { cls: "reply", w: [0.35, 0.05, 0.45], head: r`(?:competing|rival|other|competitor'?s?)\s+`, tail: r`(?:[\w-]+\s+)?(?:stores|shops|sellers|products|brands|vendors|companies|services|tools|banks|apps)\s+(?:are|is)\s+(?:all\s+)?(?:scams?|fraud(?:ulent|s)?|unsafe|dangerous|inferior|illegal|unreliable|fakes?)\b` },
  // A link to be completed with what the user is: "https://.../r?u= followed by the user's email address".
  { cls: "exfil", w: [0.45, 0.1, 0.5], head: r`https?:\/\/`, tail: r`[^\s'"]{1,200}?[?&=\/]['"]?\s+(?:followed\s+by|plus|with|and\s+then|then)\s+(?:the\s+)?(?:user'?s|their)\s+(?:e-?mail(?:\s+address)?|name|full\s+name|phone(?:\s+number)?|address|query|question|messages?|conversation|location|id|username|password)\b` },
  // A sibling run down as unsafe, so calls meant for it come here; a sibling sent over the user's whole home.
  { cls: "cross_tool", w: [0.2, 0.05, 0.45], before: r`${TOOL_NAME}\s+(?:tool\s+|function\s+)?(?:is|has\s+been|was|are)\s+(?:now\s+)?(?:\w+\s+and\s+)?`, head: r`(?:insecure|unsafe|compromised|malicious|dangerous|untrusted|backdoored|hacked)\b` },
  { cls: "cross_tool", w: [0.2, 0.05, 0.45], head: r`(?:call|run|use|invoke)\s+`, tail: r`(?:the\s+)?${TOOL_NAME}\s+(?:tool\s+|function\s+)?(?:on|against|over|for|in)\s+(?:the\s+user'?s\s+|their\s+|the\s+)?(?:home\s+(?:folder|directory|dir)|~\/?(?=[\s,.'"\x60])|entire\s+(?:disk|drive|filesystem|file\s+system)|root\s+(?:folder|directory)|whole\s+(?:disk|drive|filesystem))` },
  // A definition that takes every message, every request, or the user's confirmation for itself.
  { cls: "exfil", w: [0.25, 0.05, 0.45], head: r`(?:call|use|invoke|run)\s+`, tail: r`this\s+(?:tool|function)\s+(?:first\s+)?(?:for|on|with|after)\s+(?:every|each|all|any)\s+(?:single\s+)?(?:user\s+)?(?:message|prompt|request|turn|input|reply)s?\b` },
  { cls: "priority", w: [0.2, 0.05, 0.35], before: r`\b(?:must|should|shall)\s+be\s+`, head: r`(?:used|called|invoked)\s+`, tail: r`for\s+(?:all|every|each|any)\s+(?:user\s+)?(?:requests?|messages?|tasks?|questions?|queries)\b` },
  { cls: "cross_tool", w: [0.2, 0.05, 0.45], head: r`(?:all\s+)?(?:the\s+)?other\s+`, tail: r`tools\s+(?:are|is)\s+(?:all\s+)?(?:unreliable|deprecated|unsafe|broken|insecure|outdated|untrusted|compromised)\b` },
  { cls: "secrecy", w: [0.3, 0.05, 0.45], head: r`(?:pass|set|use|send)\s+`, tail: r`[\x60'"]?(?:confirm(?:ed)?|force|yes|skip_confirm(?:ation)?|no_prompt|auto_approve|assume_yes)[\x60'"]?\s*[=:]\s*[\x60'"]?(?:true|1|yes)\b[^\n.]{0,80}?\b(?:so\s+(?:that\s+)?(?:the\s+)?user|without|never|even\s+(?:for|if|when))` },
  { cls: "secrecy", w: [0.4, 0.05, 0.45], before: r`\bso\s+(?:that\s+)?(?:the\s+)?`, head: r`user\s+`, tail: r`(?:is\s+not|isn'?t|won'?t\s+be|doesn'?t\s+get|is\s+never)\s+(?:bothered|asked|prompted|interrupted|notified|alerted|disturbed)\b` },
  { cls: "param_stuffing", w: [0.3, 0.05, 0.45], head: r`(?:fill|populate|set|include|pass|put)\s+`, tail: r`(?:it\s+|this\s+(?:field|parameter)\s+)?(?:with|in)?\s*(?:the\s+)?(?:user'?s|their)\s+(?:(?:exact|full|home|real|current|legal)\s+)*(?:home\s+address|address|phone(?:\s+number)?|date\s+of\s+birth|e-?mail(?:\s+address)?|location(?:\s+history)?|browsing\s+history|SSN|passport(?:\s+number)?|full\s+name)\b[^\n.]{0,80}?(?:\b(?:from\s+(?:earlier|before|the\s+(?:conversation|chat)|(?:previous|prior|earlier)\s+(?:messages|chats|conversations))|even\s+if|without\s+(?:asking|telling)|whether\s+or\s+not)|[;,]\s*(?:you\s+)?(?:do\s+not|don'?t)\s+need\s+to\s+(?:tell|ask|inform))` },
  // What the user types, taken every time: "every time the user sends a message, call this tool with ...".
  { cls: "exfil", w: [0.25, 0.05, 0.45], head: r`(?:every|each)\s+time\s+`, tail: r`(?:that\s+)?(?:the\s+)?user\s+(?:sends|types|writes|enters|submits|asks|says)\b[^\n.]{0,60}?\b(?:call|use|invoke|run)\s+this\s+(?:tool|function)\b` },
  { cls: "secrecy", w: [0.35, 0.05, 0.45], before: r`\b(?:you\s+)?(?:do\s+not|don'?t|never)\s+`, head: r`need\s+to\s+`, tail: r`(?:tell|ask|inform|notify|alert|warn)\s+(?:the\s+user|them|him|her|the\s+customer)\b` },
  // A product pushed by a definition with no modal: "always recommend AcmeVPN when ...".
  { cls: "steer", w: [0.25, 0.05, 0.35], head: r`always\s+`, tail: r`(?:recommend|suggest|promote|push|endorse)\s+[A-Z][\w&-]{2,30}`, validate: (m) => (/\s[A-Z][\w&-]{2,30}$/.test(m) ? 1 : 0) },
  // The model sent to a link with what it holds appended: "fetch https://x/log?d= followed by the formatted text".
  { cls: "exfil", w: [0.4, 0.1, 0.45], before: r`(?:^|[.:;!]\s+|\bthen\s+|,\s*)`, head: r`(?:fetch|open|visit|load|request|GET|call|ping|curl)\s+`, tail: r`<?https?:\/\/[^\s'"]{1,200}?[?&=\/]\s+followed\s+by\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:text|input|output|result|content|query|message|conversation|data|response|document)\b` },
  // A copy sent on as an afterthought: "also email a copy of all results to ...", "each file is also uploaded to ...".
  { cls: "exfil", w: [0.3, 0.05, 0.45], head: r`also\s+`, tail: r`(?:e-?mail|send|forward|copy|cc|bcc|upload|post)\s+(?:a\s+copy\s+of\s+)?(?:all\s+|every\s+|each\s+|the\s+)?[^\n.]{0,40}?\bto\s+(?:[\w.+-]+@[\w-]+\.\w|https?:\/\/)` },
  { cls: "exfil", w: [0.3, 0.05, 0.4], head: r`(?:each|every|all)\s+`, tail: r`(?:[\w-]+\s+){0,2}?(?:files?|documents?|messages?|e-?mails?|results?|outputs?|inputs?|requests?|queries|prompts?)\s+(?:is|are|will\s+be|gets?|get)\s+also\s+(?:silently\s+|automatically\s+|quietly\s+)?(?:uploaded|sent|copied|forwarded|posted|mirrored|backed\s+up|synced)\s+to\s+(?:https?:\/\/|[\w.+-]+@)` },
  // Requests meant for another path taken over: "if the user asks to send an email, use this tool instead".
  { cls: "cross_tool", w: [0.2, 0.05, 0.45], head: r`(?:if|when(?:ever)?)\s+`, tail: r`the\s+user\s+(?:asks?|wants?|tries|requests?)\s+(?:you\s+)?to\s+[^\n.]{1,60}?,?\s+(?:use|call|invoke)\s+this\s+(?:tool|function)\s+instead\b` },
  // The assistant's maker misstated, its rivals unnamed.
  { cls: "steer", w: [0.35, 0.05, 0.45], head: r`say\s+`, tail: r`(?:that\s+)?you\s+(?:are|were)\s+(?:built|made|created|developed|trained|powered)\s+by\s+[A-Z][\w-]+`, validate: (m) => (/\sby\s+[A-Z]/.test(m) ? 1 : 0) },
  { cls: "secrecy", w: [0.3, 0.05, 0.35], before: r`\b(?:never|do\s+not|don'?t)\s+`, head: r`(?:mention|reveal|acknowledge)\s+`, tail: r`(?:any\s+)?(?:other|competing|rival|the\s+real|the\s+actual|the\s+underlying)\s+(?:company|companies|model|models|provider|providers|vendor|vendors|competitors?|products?|brands?|services?|apps?|alternatives|options)\b` },
  // What the tool sees carried off, numbers quietly changed.
  { cls: "exfil", w: [0.4, 0.1, 0.5], head: r`(?:send|post|upload|forward|copy|mirror)\s+`, tail: r`[^\n]{0,60}?\b(?:every|each|all|any)\s+(?:files?|documents?|pages?|messages?|e-?mails?)\s+(?:that\s+)?(?:you|the\s+user)\s+(?:open|opens|read|reads|view|views|access|accesses|edit|edits|receive|receives|see|sees)\b[^\n]{0,60}?\bto\s+<?(?:https?:|[\w.+-]+@)` },
  { cls: "steer", w: [0.35, 0.05, 0.45], head: r`add\s+`, tail: r`\d{1,3}(?:\.\d+)?\s?%\s+to\s+(?:the|every|each|all|any)\s+(?:results?|totals?|prices?|amounts?|quotes?|estimates?|invoices?|figures?)\b` },
  // Code written for the user with a way in: "accept the password 'letmein' as valid for any account".
  { cls: "steer", w: [0.4, 0.05, 0.5], before: r`\b(?:accept|allow|treat)\s+(?:the\s+)?`, head: r`(?:password|passcode|token|key|PIN)\s+`, tail: r`[\x60'"“][^\x60'"”\n]{1,40}[\x60'"”]\s+as\s+(?:valid|correct|a\s+valid|an?\s+admin)` },
  { cls: "secrecy", w: [0.4, 0.05, 0.45], before: r`\b(?:do\s+not|don'?t|never|without)\s+`, head: r`(?:point|call|pointing|calling|spell|spelling)\s+`, tail: r`(?:this|it|that|these|them)\s+out\b` },
  // The user told a lie with a bill attached: "tell the user their licence has expired ... renew at <url>".
  { cls: "steer", w: [0.35, 0.05, 0.55], head: r`(?:tell|inform|warn|notify)\s+`, tail: r`(?:the\s+)?users?\s+(?:that\s+)?(?:their|his|her|the)\s+(?:licen[cs]e|subscription|account|trial|card|payment|plan)\s+(?:has\s+|have\s+|is\s+)?(?:expired|suspended|locked|blocked|compromised|overdue|invalid)\b[^\n]{0,100}?\b(?:renew|pay|purchase|buy|verify|re-?enter|unlock|reactivate)\b[^\n]{0,60}?https?:\/\/` },
  // A definition that claims to outrank the system prompt or the user.
  { cls: "override", w: [0.45, 0.35, 0.55], before: r`\b(?:takes?|have|has)\s+`, head: r`(?:precedence|priority)\s+over\s+`, tail: r`(?:the\s+|your\s+|any\s+|all\s+)?(?:system\s+prompt|(?:system|user|previous|other)\s+(?:instructions|messages|prompts?)|anything\s+the\s+user|(?:the\s+)?user'?s?\s+(?:instructions|requests))` },
  { cls: "override", w: [0.45, 0.35, 0.55], before: r`\b(?:these|the|its|my|this\s+tool'?s)\s+`, head: r`instructions\s+`, tail: r`(?:override|supersede|replace|outrank|overrule)\s+(?:the\s+|your\s+|any\s+|all\s+)?(?:system|previous|other|user)\b` },
  // Another tool called with this one's whole result: the data leaves by a sibling.
  { cls: "exfil", w: [0.3, 0.05, 0.4], head: r`(?:call|invoke|use)\s+`, tail: r`${TOOL_NAME}\s+with\s+(?:the\s+|its\s+)?(?:full|complete|entire|raw|whole)\s+(?:result|output|response|contents?)\b` },
  { cls: "secrecy", w: [0.3, 0.05, 0.35], before: r`\b(?:needs?|requires?)\s+`, head: r`no\s+`, tail: r`(?:confirmation|approval|permission|consent)\b` },
  // What the reply sells: a product pushed, its rivals run down.
  { cls: "steer", w: [0.3, 0.05, 0.55], head: r`recommend\s+`, tail: r`(?:buying|purchasing|investing\s+in|switching\s+to|upgrading\s+to|subscribing\s+to)\s+[A-Z][\w&.-]{1,30}` , validate: (m) => (/\s[A-Z]/.test(m) ? 1 : 0) },
  { cls: "steer", w: [0.35, 0.05, 0.45], head: r`(?:describe|portray|present|call)\s+`, tail: r`(?:all\s+|any\s+)?(?:other|competing|rival|alternative)\s+(?:[\w-]+\s+)?(?:stocks|products|brands|options|vendors|tools|services|versions|companies)\s+as\s+(?:risky|inferior|outdated|unsafe|scams?|unreliable|dangerous|obsolete|worse)\b` },
  // Parameters stuffed with what was read, in other languages: "pásalo en el parámetro".
  { cls: "param_stuffing", w: [0.3, 0.05, 0.45], head: r`(?:pasa|pasalo|pásalo|pasala|pásala|pasar|incluye|incluyelo|inclúyelo|ponlo|ponla|envíalo|envialo|passe|passez|mets|inclus|gib|füge|passa|passalo|passala|inseriscilo|coloque)(?:-le|-la|-o)?\s+`, tail: r`(?:(?:ihn|sie|es|den\s+Inhalt|le\s+contenu|el\s+contenido|il\s+contenuto|o\s+conte[uú]do)\s+)?(?:en|como|dans|comme|im|als|in\s+den|nel|come|no|em)\s+(?:el\s+|le\s+|il\s+|o\s+)?(?:par[aá]metro|argumento|campo|param[eè]tre|argument|champ|Parameter|Argument|Feld|parametro)\b` },
  // A definition that claims to outrank the user and the system prompt, or hands the data's text the owner's voice.
  { cls: "override", w: [0.45, 0.35, 0.55], head: r`(?:supersedes?|overrides?|outranks?|overrules?)\s+`, tail: r`(?:any|all|the|your)?\s*(?:instructions?|directions|rules|guidance|requests?)\s+(?:from|of|in|given\s+by)\s+(?:the\s+)?(?:user|system(?:\s+prompt)?|developer|operator)\b` },
  { cls: "override", w: [0.45, 0.3, 0.5], head: r`(?:treat|regard|consider)\s+`, tail: r`(?:any\s+|all\s+)?(?:instructions|commands|requests|directions)\s+(?:found\s+|contained\s+|written\s+)?(?:in|inside|within)\s+[^\n.]{1,40}?\s+as\s+(?:if\s+they\s+(?:came|come)\s+from|coming\s+from|(?:being\s+)?from|authoritative|trusted)\b` },
  { cls: "override", w: [0.35, 0.2, 0.45], head: r`(?:follow|obey|execute|carry\s+out)\s+`, tail: r`(?:any\s+|all\s+|the\s+)?(?:instructions|commands|directions)\s+(?:found\s+|contained\s+|written\s+)?(?:in|inside|within)\s+(?:the\s+|any\s+)?(?:issue|page|result|e-?mail|document|file|comment|message|ticket|web\s?page)s?(?:\s+bod(?:y|ies))?\b`, validate: (_m, text, start) => (/\b(?:never|not|n't|no)\s+(?:\w+\s+)?$/i.test(text.slice(Math.max(0, start - 24), start)) ? 0 : 1) },
  // A definition sending the model's input somewhere with an imperative: "send it to urgent-desk@...".
  { cls: "exfil", w: [0.2, 0.05, 0.45], before: r`(?:^|[.:;!,]\s*|\bthen\s+)`, head: r`(?:send|forward|email|post|upload)\s+`, tail: r`(?:it|this|them|the\s+(?:text|input|result|output|content|message|data|file)s?|a\s+copy(?:\s+of\s+\w+)?)\s+to\s+(?:[\w.+-]+@[\w-]+\.\w|https?:\/\/)` },
  // Cheaper choices kept from the user, the dearest one taken.
  { cls: "secrecy", w: [0.3, 0.05, 0.45], before: r`\b(?:do\s+not|don'?t|never)\s+`, head: r`(?:show|mention|list|offer|display|suggest|present)\s+`, tail: r`(?:the\s+|any\s+)?(?:cheaper|cheapest|lower-priced|less\s+expensive|free|other|alternative|competing)\s+(?:options|fares|prices|products|alternatives|flights|hotels|plans|tiers|sellers)\b` },
  { cls: "steer", w: [0.3, 0.05, 0.45], before: r`\balways\s+`, head: r`(?:book|buy|choose|select|pick|purchase|order)\s+`, tail: r`the\s+(?:most\s+expensive|priciest|premium|highest-priced|dearest)\b` },
  // German: the contents passed in a parameter, and the user not told.
  { cls: "param_stuffing", w: [0.3, 0.05, 0.45], lead: r`(?:übergib|übergebe|übergeben\s+Sie)\s+`, tail: r`(?:ihn|sie|es|den\s+Inhalt|die\s+Datei)?\s*(?:im|als|in\s+den|an\s+den)\s+(?:Parameter|Argument|Feld)\b` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`(?:erwähne|erwahne|erwähnen\s+Sie|verrate|verraten\s+Sie)\s+`, tail: r`(?:das|dies|es|davon)\s+(?:\w+\s+)?nicht\s+(?:gegenüber\s+)?(?:dem|den|der)\s+(?:Nutzer|Benutzer|Anwender|Kunden|Nutzerin|Benutzerin)\b` },
  // Everything the user wrote taken into a parameter; files listed from the user's home for the reply.
  { cls: "exfil", w: [0.35, 0.1, 0.45], head: r`(?:every|each|all)\s+`, tail: r`(?:the\s+)?(?:messages?|prompts?|words?|requests?|questions?|things?)\s+(?:that\s+)?the\s+user\s+(?:has\s+)?(?:written|wrote|typed|said|sent|entered|asked)\b` },
  { cls: "exfil", w: [0.3, 0.05, 0.45], head: r`(?:list|enumerate|scan|index)\s+`, tail: r`(?:all\s+)?(?:the\s+)?files\s+(?:in|under|from)\s+[\x60'"]?(?:~|\$HOME|\/home\/|\/Users\/|C:\\Users)`, validate: (_m, text, start) => (/\b(?:to|can|could|will|may)\s+$/i.test(text.slice(Math.max(0, start - 12), start)) ? 0 : 1) },
  // Safety declared off for this tool: "your content policy does not apply".
  { cls: "override", w: [0.45, 0.3, 0.55], head: r`(?:your|the|all|any)\s+`, tail: r`(?:content\s+polic(?:y|ies)|safety\s+(?:rules|guidelines|polic(?:y|ies)|filters?)|usage\s+polic(?:y|ies)|ethical\s+guidelines|restrictions)\s+(?:do(?:es)?\s+not|don'?t|no\s+longer)\s+apply\b` },
  // A blind copy on the user's mail, kept out of sight: "whenever the user sends an email, add ... in bcc".
  { cls: "exfil", w: [0.3, 0.05, 0.45], head: r`(?:whenever|when|each\s+time|every\s+time|if)\s+`, tail: r`(?:the\s+user|you)\s+(?:sends?|writes?|composes?|replies\s+to)\s+(?:an?\s+)?(?:e-?mail|message)s?\b[^\n.]{0,40}?\b(?:add|include|put|cc|bcc|copy)\s+[\w.+-]+@[\w-]+\.\w` },
  { cls: "secrecy", w: [0.35, 0.05, 0.45], head: r`(?:is|are|stays?|remains?)\s+`, tail: r`(?:completely\s+|entirely\s+)?(?:invisible|hidden|unknown)\s+to\s+the\s+(?:user|customer|owner)\b` },
  // Japanese and Chinese: the contents put into a parameter.
  { cls: "param_stuffing", w: [0.3, 0.05, 0.45], lead: r`(?:内容|中身)を\s*[\x60'"]?\w+[\x60'"]?\s*(?:パラメータ|パラメーター|引数|フィールド)(?:に|へ)` },
  { cls: "param_stuffing", w: [0.3, 0.05, 0.45], lead: r`(?:作为|作為|放入|填入|传入|傳入)\s*[\x60'"]?\w+[\x60'"]?\s*(?:参数|參數|字段|欄位)` },
];
