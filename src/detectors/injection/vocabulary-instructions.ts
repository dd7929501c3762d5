// Vocabulary of instructions planted in data and definitions: overrides, fake role markers, text
// addressed to the model, secrecy, and the actions an injection wants (commands, exfiltration,
// sensitive files, rendering images). Weights are [data, user, definition].
import { AI, AI_STRICT, FILL, SEND_VERB, r, rateOverride, rateSensitive, rateAddressed, requireCapitalised, requireUpper, spelled, type Pattern } from "./vocabulary-parts.ts";

const OVERRIDE_VERB = r`(?:ignore|ignoring|disregard|disregarding|forget|override|overrule|bypass|discard|abandon|drop|dismiss|neglect)\b`;
const RULE_NOUN = r`(?:instructions?|prompts?|directives?|directions|rules|guidelines|guidance|commands|context|constraints|restrictions|programming|system\s+(?:prompt|message)s?|guardrails|safeguards|polic(?:y|ies)|filters|ethics|morals|principles|training|messages|orders|limitations|(?:user'?s\s+)?(?:requests?|questions?|query|queries|tasks?)|(?:scoring\s+|grading\s+|evaluation\s+)?(?:rubrics?|criteria)|(?:job|hiring|screening|selection)\s+requirements|requested\s+[\w-]+|original\s+(?:task|request|goal|question))`;
const ROLE_TAGS = r`tool_result|tool_output|function_results?|function_output|search_results?|tool_response|document|documents|context|untrusted[\w-]{0,20}|user_query|issue|comment|email|webpage|web_content|data`;
const NEGATION = r`(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|without|mustn'?t)`;
// `password reset`, `password policy` and the like name a feature or a rule, not a password.
const DATA_OBJECT = r`(?:conversation(?:\s+history)?|chat\s+(?:history|log)|message\s+history|api[\s_-]?keys?|secret\s+keys?|access\s+tokens?|auth\w*\s+tokens?|credentials|passwords?(?!\s+(?:resets?|change|policy|policies|strength|requirements?|rules|fields?|hash\w*|managers?)\b)|secrets|ssh\s+keys?|private\s+keys?|env(?:ironment)?\s+variables|cookies|session\s+(?:tokens?|cookies?)|personal\s+(?:data|information)|credit\s+card\s+\w+|process\.env|os\.environ|file\s+contents|(?:(?:user'?s|their|all\s+(?:of\s+)?(?:the\s+|their\s+|your\s+)?|every|private|personal)\s+)(?:emails?|inbox|messages|contacts|documents|files|notes|data|information)|contents\s+of\s+(?:the\s+|this\s+|your\s+|every\s+|all\s+)?(?:files?|~|\/|\.)|(?:customers?|users?|accounts?|payments?|employees?|patients?)\s+(?:table|database|records))`;
/**
 * What a poisoned definition wants passed along in a parameter: something secret by nature, or
 * a credential that belongs to the user or to everyone ("pass your API key" is a tool's own key).
 */
const SECRET_NOUN = r`(?:(?:the\s+user'?s|users'|their|all(?:\s+(?:of\s+)?the)?|any|every|the\s+(?:full|complete|entire|whole))\s+(?:[\w-]{1,30}\s+){0,2}?(?:api[\s_-]?keys?|passwords?|credentials|tokens?|secrets|cookies)|private\s+keys?|ssh\s+keys?|conversation|chat\s+history|system\s+prompt|\.env|~\/\.\w{1,40}|id_rsa)`;
const EXFIL_VERB = r`(?:send|post|upload|forward|email|transmit|exfiltrate|leak|share|copy|append|include|attach|dump|output|print|collect|gather|extract|encode|add|list|reveal|display|give|return|summari[sz]e)(?:s|ed|ing)?\b`;

export const INSTRUCTION_PATTERNS: readonly Pattern[] = [
  // Instruction override, in English and a few common translations.
  { cls: "override", w: [0.6, 0.55, 0.5], head: OVERRIDE_VERB, tail: r`${FILL(4)}\s+${RULE_NOUN}\b`, validate: rateOverride },
  { cls: "override", w: [0.55, 0.45, 0.5], head: r`forget\s+(?:about\s+)?(?:everything|all|anything)\s+`, tail: r`(?:(?:that\s+)?you(?:'ve|\s+have|\s+were)?\s+(?:been\s+)?(?:told|instructed|given)|above|before\s+this|previously|so\s+far|we\s+(?:discussed|talked\s+about)|(?:in|from)\s+(?:this|the|our)\s+conversation)` },
  { cls: "override", w: [0.45, 0.35, 0.45], head: r`(?:instructions?|directives?|orders|task|mission|objective)`, before: r`\b(?:new|updated|revised|real|actual|true|secret|hidden|additional|override|urgent)\s+(?:\w+\s+)?`, tail: r`\s*(?::|\*+|-{2,}|={2,}|!|follow\b|are\s+as\s+follows|is\s+to\b)` },
  { cls: "override", w: [0.5, 0.35, 0.45], head: r`(?:task|goal|objective|instructions?|mission|purpose|role|job)\s*(?:is\b|are\b|will\s+be\b|now\b|:)`, before: r`\byour\s+(?:new|real|actual|true|only|primary|updated)\s+` },
  { cls: "override", w: [0.6, 0.55, 0.5], head: r`(?:ignoriere|vergiss|ignorez|ignora|ignores|olvida|oublie[sz]?)\s+`, tail: r`(?:alle\s+|toutes\s+les\s+|todas\s+las\s+|las\s+|les\s+|die\s+|tutte\s+le\s+)?(?:vorherigen|bisherigen|obigen|instructions\s+pr[ée]c[ée]dentes|instrucciones\s+anteriores|istruzioni\s+precedenti)` },
  // The core override verbs spelled out with separators ("I.g.n.o.r.e", "d-i-s-r-e-g-a-r-d").
  { cls: "override", w: [0.6, 0.55, 0.5], lead: r`(?<![A-Za-z])(?:${spelled("ignore")}|${spelled("disregard")}|${spelled("forget")}|${spelled("override")}|${spelled("bypass")})`, tail: r`${FILL(4)}\s+${RULE_NOUN}\b`, validate: rateOverride },
  { cls: "override", w: [0.6, 0.55, 0.5], head: r`(?:ignore|esque[cç]a|desconsidere)\s+`, tail: r`(?:todas\s+)?(?:as\s+)?(?:instru[cç][õo]es|regras|diretrizes)\s+(?:anteriores|pr[ée]vias|acima)` },
  { cls: "override", w: [0.6, 0.55, 0.5], lead: r`(?:忽略|无视|無視|忽视|忽視|不要理会|不要理會)[^\n。]{0,8}?(?:指令|指示|说明|說明|规则|規則|提示|命令|设定|設定)` },
  { cls: "override", w: [0.6, 0.55, 0.5], lead: r`(?:以前|前|これまで|上記|以上|全て|すべて)の?(?:指示|命令|指令|ルール|プロンプト)を?(?:すべて|全て)?無視` },
  { cls: "override", w: [0.6, 0.55, 0.5], lead: r`(?:이전|앞의|위의|모든|기존)\s*(?:의\s*)?(?:지시|지침|명령|규칙|프롬프트)(?:사항)?[을를]?\s*(?:모두\s*)?무시` },
  { cls: "override", w: [0.6, 0.55, 0.5], lead: r`(?:игнорируй|игнорируйте|проигнорируй|проигнорируйте|забудь|забудьте)\s+(?:все\s+)?(?:предыдущие|прежние|предшествующие|вышеуказанные|свои)\s+(?:инструкции|указания|команды|правила)` },
  // Fake role and system markers.
  // A chat-template token opening a turn is an injected turn; a bare token may be a tokenizer doc.
  { cls: "role", w: [0.55, 0.35, 0.5], lead: r`<\|(?:im_start|start_header_id)\|>\s*(?:system|user|assistant|developer)\b|<\|(?:system|user|assistant)\|>|<<SYS>>|\[INST\]|<start_of_turn>(?:user|model|system)` },
  { cls: "role", w: [0.35, 0.3, 0.45], lead: r`<\|(?:im_start|im_end|endoftext|end_header_id|eot_id|begin_of_text)\|>|<<\/SYS>>|\[\/INST\]|<\/?(?:start|end)_of_turn>` },
  { cls: "role", w: [0.5, 0.3, 0.45], lead: r`\[(?:system|assistant|user)\]\(#[\w-]{0,40}\)` },
  { cls: "role", w: [0.3, 0.2, 0.4], head: r`(?:message|instructions?|note|update|notice|directive|(?:priority\s+)?(?:task|request|order|command))\s+from\s+(?:the\s+|your\s+)?(?:developers?|admin|administrator|system|openai|anthropic|security\s+team|site\s+owner|operator)\b` },
  { cls: "role", w: [0.45, 0.25, 0.45], lead: r`<\/(?:${ROLE_TAGS})>`, tail: r`\s*(?:<[\w-]{1,30}>|\[|#|\w)` },
  { cls: "role", w: [0.25, 0.2, 0.4], lead: r`\[(?:SYSTEM|ADMIN|DEVELOPER)(?:\s+(?:MESSAGE|NOTE|OVERRIDE|PROMPT|INSTRUCTIONS?))?\]`, validate: requireUpper },
  { cls: "role", w: [0.4, 0.3, 0.45], head: r`(?:SYSTEM|ADMIN|ADMINISTRATOR|DEVELOPER|ROOT|SECURITY)\s+(?:OVERRIDE|MESSAGE|NOTE|NOTICE|INSTRUCTIONS?|UPDATE|COMMAND|DIRECTIVE)\b`, validate: requireUpper },
  { cls: "role", w: [0.3, 0.2, 0.4], lead: r`#{1,4}[ \t]*(?:system|instructions?|new\s+instructions|assistant)\b`, before: r`(?:^|\n)[ \t]*`, tail: r`(?:[ \t]+(?:prompt|message))?[ \t]*:` },
  { cls: "role", w: [0.3, 0.15, 0.4], head: r`(?:Human|Assistant|System)\s*:`, before: r`\n\n`, validate: requireCapitalised },
  // Text addressed to the model rather than to a human reader.
  { cls: "address", w: [0.45, 0.1, 0.4], head: r`${AI_STRICT}\b`, before: r`\b(?:if|when)\s+you(?:\s+are|'re|’re)\s+(?:an?\s+)?(?:large\s+)?(?:language\s+)?`, validate: rateAddressed },
  { cls: "address", w: [0.45, 0.1, 0.4], head: r`(?:attention|note|message|instructions?|important(?:\s+note)?|notice|hey|dear|reminder|warning)[\s:,-]*(?:to|for)?\s+(?:all\s+|any\s+|the\s+)?${AI}\s*[:,!]`, validate: rateAddressed },
  { cls: "address", w: [0.45, 0.1, 0.4], before: r`\b(?:(?:to|for)\s+(?:any|all|the|every|an?|whatever|whichever)|dear|hey|hello|attention)\s+`, head: r`${AI}\s+(?:reading|processing|parsing|summari[sz]ing|analy[sz]ing|browsing|viewing|seeing|screening|reviewing|evaluating|triaging|grading|scoring|handling|reads|processes|parses|sees|summari[sz]es|that\s+reads|who\s+reads)\b`, validate: rateAddressed },
  { cls: "address", w: [0.45, 0.1, 0.4], head: r`(?:attention|note|message|instructions?|notice|reminder)\s+(?:to|for)\s+(?:all\s+|any\s+|the\s+)?(?:(?:AI|LLM)(?:\s+[\w-]+)?\s+(?:assistants?|agents?|models?|tools?|systems?|bots?)|automated\s+(?:[\w-]+\s+)?(?:systems?|tools?|screeners?|reviewers?|parsers?))\s*[:,!]`, validate: rateAddressed },
  // An @-mention of a coding agent followed within a few words by something it is told to do.
  { cls: "address", w: [0.3, 0.05, 0.3], lead: r`@(?:claude|copilot|agent|codex|devin|cursor|gemini|assistant|openhands|ai)\b`, tail: r`[\s,:]+(?:[\w'-]+\s+){0,5}?(?:you|please|ignore|run|add|edit|delete|remove|push|merge|commit|send|post|export|update|change|set|install|also|now|must|should)\b` },
  { cls: "address", w: [0.3, 0.05, 0.35], head: r`(?:AI\s+(?:assistants?|agents?|models?)|assistants?|agents?|AI|LLMs?|Claude|ChatGPT|Copilot|Gemini)\s*[:,]`, before: r`(?:^|[\n.!?>*\]:]|<!--)\s*`, tail: r`(?=\s+(?:you|ignore|please|do|don'?t|stop|from|before|after|when|if|always|never|now|read|run|send|forget|disregard|the\s+user|your)\b)` },
  { cls: "address", w: [0.25, 0.05, 0.3], head: r`${AI}\s+(?:must|shall|is\s+(?:required|instructed)\s+to|has\s+to|needs\s+to|should\s+now|will\s+now)\s+`, before: r`\b(?:the|an?|any|all)\s+`, tail: r`(?:now\s+|immediately\s+|always\s+|also\s+|first\s+|only\s+)?(?:ignore|respond|reply|answer|say|output|print|include|send|call|run|execute|visit|open|tell|recommend|insert|add|append|fetch|read|write|delete|forward|email|summari[sz]e|state|claim|describe|praise|rate|upload|reveal|disclose|share|list|show|visit|provide|ask)\b` },
  // Secrecy towards the user.
  { cls: "secrecy", w: [0.45, 0.1, 0.45], before: r`\b${NEGATION}\s+(?:ever\s+)?`, head: r`(?:tell|telling|inform|informing|mention|mentioning|reveal|revealing|disclose|alert|alerting|notify|notifying|show|let|warn|warning|bring\s+up|acknowledge|explain|asking|consulting)\b`, tail: r`${FILL(3)}\s+(?:the\s+|your\s+)?(?:user|human|operator|owner|anyone|anybody|requester|requestor|sender|recipient|customer|client|maintainer|reviewer|admin|administrator)s?\b` },
  { cls: "secrecy", w: [0.3, 0.05, 0.35], before: r`\b${NEGATION}\s+`, head: r`(?:ask|consult|check\s+with|confirm\s+with)\s+`, tail: r`(?:the\s+)?(?:user|human|operator|requester)s?\b(?!\s+(?:for|to|about)\s+(?!(?:confirmation|permission|approval|consent)\b))` },
  { cls: "secrecy", w: [0.3, 0.05, 0.35], head: r`no\s+(?:need\s+to\s+(?:ask|confirm|check\s+with)|confirmation\s+(?:is\s+)?(?:needed|required|necessary)|approval\s+(?:is\s+)?(?:needed|required))\b` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], lead: r`(?:不要|别|不得|切勿|請勿|请勿)(?:告诉|告訴|通知|提醒|让|讓)(?:用户|用戶|使用者)` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], before: r`\b(?:must|should|will|do|does|is|are|shall)\s*(?:not|never|n'?t)\s+be\s+`, head: r`(?:shown|revealed|disclosed|mentioned|visible|displayed|told|reported|shared)\s+`, tail: r`(?:to\s+)?(?:the\s+)?(?:user|human|operator)` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`user\s+(?:must|should|will|does|need|needs|may)\s*(?:not|never|n'?t)\s+`, tail: r`(?:need\s+to\s+)?(?:know|see|notice|find\s+out|be\s+(?:told|informed|aware|notified))\b` },
  { cls: "secrecy", w: [0.45, 0.1, 0.45], before: r`\bwithout\s+the\s+user(?:'s)?\s+`, head: r`(?:knowledge|knowing|noticing|consent|awareness)\b` },
  { cls: "secrecy", w: [0.4, 0.1, 0.45], head: r`(?:keep|hide)\s+(?:this|these|it|the\s+following)\s+`, tail: r`(?:instructions?\s+|note\s+)?(?:secret|hidden|confidential|private|from\s+(?:the\s+)?user)` },
  { cls: "secrecy", w: [0.4, 0.1, 0.45], before: r`\b(?:do\s+not|don'?t|never)\s+`, head: r`(?:mention|reveal|disclose)\s+(?:this|these|that)\s+(?:instructions?|note|step|message|request)\b` },
  { cls: "secrecy", w: [0.25, 0.05, 0.4], before: r`\b(?:do\s+not|don'?t|never)\s+`, head: r`(?:mention|reveal|disclose)\s+(?:it|this|that|the\s+\w+)\b` },
  { cls: "secrecy", w: [0.3, 0.05, 0.4], head: r`(?:secretly|silently|covertly|quietly|surreptitiously|discreetly)\s+`, tail: r`(?:\w+\s+){0,2}?(?:send|forward|add|include|append|call|run|execute|exfiltrate|upload|post|copy|read|collect|bcc|cc)\b` },
  // Actions: commands, exfiltration, sensitive files, rendering.
  { cls: "command", w: [0.25, 0, 0.3], head: r`(?:run|execute|exec|invoke|launch|paste)\s+(?:the\s+following|this|these|that)\s+(?:command|script|code|shell|terminal|powershell|bash|snippet|one-liner)s?\b` },
  { cls: "command", w: [0.25, 0, 0.3], head: r`(?:curl|wget|iwr|invoke-webrequest)\b`, tail: r`[^\n|]{1,300}\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b` },
  { cls: "command", w: [0.25, 0, 0.3], head: r`rm\s+-[rRf]{1,3}\s+[~/]` },
  // The whole environment (every token the shell holds) piped to a network client.
  { cls: "exfil", w: [0.35, 0.1, 0.45], head: r`(?:env|printenv|set)\s*\|\s*(?:curl|wget|nc|ncat|socat|http)\b` },
  { cls: "command", w: [0.25, 0, 0.2], before: r`\b(?:call|invoke|trigger|use)\s+(?:the\s+)?[\x60'"]?[\w.-]+[\x60'"]?\s+`, head: r`(?:tool|function)`, tail: r`(?=\s+(?:with|to|and|passing)\b)` },
  { cls: "exfil", w: [0.3, 0.1, 0.4], head: EXFIL_VERB, tail: r`${FILL(4)}\s+(?:(?:the\s+)?(?:user'?s?|all|any|every|their|the|your|my)\s+)?(?:(?:full|entire|complete|recent|previous|private|personal|stored|saved|current)\s+)?${DATA_OBJECT}` },
  { cls: "exfil", w: [0.25, 0.05, 0.35], before: r`\b(?:with|containing|including)\s+(?:the\s+|all\s+|any\s+|their\s+)?(?:user'?s?\s+)?(?:full\s+|entire\s+|complete\s+|whole\s+)?`, head: r`(?:conversation(?:\s+history)?|chat\s+(?:history|log)|message\s+history|api[\s_-]?keys?|credentials|passwords?(?!\s+(?:resets?|change|policy|policies|strength|requirements?|rules|fields?|hash\w*|managers?)\b)|secrets|session\s+tokens?|environment\s+variables)\b` },
  // A destination after a sending verb: "send ... to https://", "forward ... to name@host".
  { cls: "destination", w: [0.25, 0.05, 0.25], head: r`${SEND_VERB}\b`, tail: r`[^\n]{0,120}?\b(?:to|at)\s+<?(?:https?:\/\/|[\w.+-]+@[\w-]+\.\w)` },
  { cls: "exfil", w: [0.45, 0.1, 0.45], head: r`(?:${SEND_VERB}|export|dump|push|pipe|sync)(?:s|ed|ing)?\b`, tail: r`[^\n]{0,120}?\b(?:to|at|into|on)\s+<?(?:https?:\/\/)?(?:[\w-]{1,63}\.){0,4}(?:pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w+|webhook\.site|requestbin\.\w+|pipedream\.net|transfer\.sh|ngrok(?:-free)?\.(?:io|app)|interact\.sh|oast\.\w+|burpcollaborator\.net|file\.io|0x0\.st|pastebin\b)` },
  { cls: "param_stuffing", w: [0.3, 0.05, 0.45], before: r`\b(?:pass|put|include|insert|add|provide|send|supply|set|place|append|with)\s+(?:its|the|their|this|that|all|any|full|entire)?\s*(?:full\s+|entire\s+|complete\s+|raw\s+)?(?:contents?|output|data|text|value|values|key|keys|file|history)\b[^\n]{0,60}?\b(?:as|in|into|to|via|inside)\s+(?:the\s+)?[\x60'"]?\w+[\x60'"]?\s+`, head: r`(?:parameter|param|argument|arg|field)\b` },
  { cls: "param_stuffing", w: [0.3, 0.05, 0.45], before: r`\b(?:pass|put|include|insert|add|provide|send|supply|place|append|fill|embed|copy)\s+[^\n]{0,40}?${SECRET_NOUN}\b[^\n]{0,40}?\b(?:as|in|into|to|via|inside|within)\s+(?:the\s+)?[\x60'"]?\w{1,64}[\x60'"]?\s+`, head: r`(?:parameter|param|argument|arg|field)s?\b` },
  // "include the output in the next call's argument": the data leaves through the tool itself.
  // A destination, not an instruction: pagination ("pass the result in the next request") is routine.
  { cls: "destination", w: [0.15, 0.05, 0.25], before: r`\b(?:pass|put|include|insert|add|provide|send|supply|place|append|embed)\s+(?:its|the|their|this|that|all|any)?\s*(?:full\s+|entire\s+|complete\s+|raw\s+)?(?:contents?|output|result|data|text|value|key|file)\b[^\n]{0,60}?\b(?:in|into|as|with)\s+(?:the|your|its)\s+(?:next|following|subsequent|later)\s+(?:[\w.-]{1,64}\s+)?`, head: r`(?:call|request|invocation|message)(?:'s|s)?\b` },
  { cls: "param_stuffing", w: [0.3, 0.05, 0.45], before: r`\bthe\s+[\x60'"]?\w{1,64}[\x60'"]?\s+`, head: r`(?:parameter|param|argument|arg|field)\s+`, tail: r`(?:must|should|shall|needs\s+to|has\s+to|is\s+required\s+to)\s+(?:always\s+)?(?:contain|include|hold|carry|be\s+(?:set\s+to|filled\s+with|populated\s+with))\b[^\n]{0,80}?${SECRET_NOUN}` },
  { cls: "sensitive", w: [0.2, 0.05, 0.3], lead: r`\.ssh\/(?:id_\w+|authorized_keys)|\.aws\/credentials|(?<![\w$/.-])\.env(?![\w.(-])|\.cursor\/mcp|\/etc\/(?:shadow|sudoers)\b|\.git-credentials|\.kube\/config|\.docker\/config\.json|\.bash_history|\.zsh_history|\$\{\{\s*secrets\.\w+`, validate: rateSensitive },
  { cls: "sensitive", w: [0.2, 0.05, 0.3], head: r`id_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)|mcp\.json\b|claude_desktop_config\.json|Login\s+Data\b|cookies\.sqlite\b|logins\.json\b|key4\.db\b|wallet\.dat\b`, validate: rateSensitive },
  { cls: "exfil", w: [0.35, 0.1, 0.4], head: r`ask\s+(?:the\s+)?users?\s+(?:for|to\s+(?:provide|enter|confirm|share|type|paste))\s+`, tail: r`(?:their|his|her|the|your)?\s*(?:password|passcode|credentials|api[\s_-]?keys?|2fa|otp|one-time|verification\s+code|credit\s+card|ssn|social\s+security|seed\s+phrase|private\s+key)` },
  // Fetching a URL the model is asked to complete with its own data.
  { cls: "exfil", w: [0.45, 0.1, 0.45], head: r`(?:visit|open|fetch|browse\s+to|navigate\s+to|go\s+to|load|request|access|ping|call|curl|GET)\s+<?https?:\/\/`, tail: r`[^\s)"'>]{0,200}?(?:\{\{?|%7B|<|\[)[A-Za-z_][\w .-]{1,40}(?:\}|%7D|>|\])` },
  { cls: "render", w: [0.15, 0, 0.25], before: r`\b(?:render|display|show|output|print|include|embed|insert)\s+(?:this|the\s+following|an?|the)\s+(?:markdown\s+)?`, head: r`(?:image|img|picture|pixel)\b` },
];
