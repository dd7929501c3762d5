// Vocabulary of instructions planted in data that aim at what the assistant says back: who the
// text addresses (whoever reads or summarises it), directives about the reply itself (encode it,
// translate it, end it with a link), what the reply should tell the user (a claim, a phishing
// line, a rating), code slipped into what it writes, and switches to an unrelated task. Human
// readers get imperatives too ("run npm install", "reply by Friday"), so most of these weigh
// little alone and count when two meet; the forms no human reader is asked for weigh more.
// Weights are [data, user, definition]: a user may ask for any reply they like.
import { r, rateAddressed, type Pattern } from "./vocabulary-parts.ts";

/** The assistant's own output, as an injection names it. */
const REPLY = r`(?:reply|replies|response|responses|answer|answers|summary|summaries|output|completion|message)`;
/** "your response to the RFP", "your response body": a person's reply or a protocol's, not the model's. */
const NOT_MODEL_REPLY = r`(?!\s+(?:to|for|from|on|about|by|body|bodies|headers?|codes?|status|objects?|times?|rates?|data|types?|payload|deadline|form|sheet)\b)`;
/** "convert your answer to base64" is a format; "your response to the RFP" a person's reply. */
const NOT_FORMATTED_REPLY = r`(?!\s+(?:to\s+(?:the|my|our|his|her|their|this|that|an?|question|request)\b|for|from|on|about|by|body|bodies|headers?|codes?|status|objects?|times?|rates?|data|types?|payload|deadline|form|sheet)\b)`;
const LANGUAGE = r`(?:English|French|German|Spanish|Italian|Portuguese|Dutch|Polish|Russian|Ukrainian|Turkish|Chinese|Japanese|Korean|Arabic|Hindi|Indonesian|Vietnamese|Latin|Klingon|Esperanto)`;
/** An assistant named as a reader: "models reading this benchmark" may be an ML paper's models. */
const READER_AI = r`(?:AI(?:\s+[\w-]+)?|LLMs?|(?:large\s+)?language\s+models?|assistants?|chatbots?|Claude|ChatGPT|Copilot|Gemini|Cursor)`;
const READ_VERB = r`(?:reads?|reading|screen(?:s|ing)|evaluat(?:es|ing)|grad(?:es|ing)|scor(?:es|ing)|triag(?:es|ing)|summari[sz](?:es|ing)|process(?:es|ing)|pars(?:es|ing)|review(?:s|ing)|analy[sz](?:es|ing)|index(?:es|ing)|crawl(?:s|ing)|scrap(?:es|ing)|ingest(?:s|ing)|sees|seeing|handl(?:es|ing))`;
const DOC_NOUN = r`(?:page|web\s?page|document|doc|email|e-mail|mail|message|article|text|file|content|website|site|post|review|resume|cv|repository|repo|thread|data|table|pdf|transcript|ticket|issue|comment|invoice|report|readme|notes?|job|listing|posting|product|item|recipe|offer|paper|application|hotel|property|video|episode|book|course|profile|company)`;
/** What no human reader is asked to do to their reply. */
const FORM_VERB = r`(?:encode|encrypt|obfuscate|reverse|scramble|translate|rewrite|reformat|convert|transform)`;
const ODD_FORM = r`(?:emojis?|pig\s+latin|leet(?:speak)?|pirate(?:\s+speak)?|all\s+caps|upper-?case|capital\s+letters|base-?64|rot-?13|hex(?:adecimal)?|morse(?:\s+code)?|reverse(?:d)?(?:\s+order)?|binary|riddles|rhymes)`;
const PAYLOAD_NOUN = r`(?:link|url|hyperlink|ad|advert|advertisement|promo(?:tion(?:al)?)?|banner|pixel|tracking\s+\w+|referral\s+\w+|affiliate\s+\w+|sentence|phrase|line|disclaimer|footer|signature|note|slogan|text|words?)`;
const CODE_NOUN = r`(?:code|snippet|lines?|function|script|import|dependency|package|payload|call|backdoor|hook)`;

/** A directive about the reply counts more when what it adds is given: a quote, a link, a claim. */
function rateGivenContent(match: string, text: string, start: number): number {
  const after = text.slice(start + match.length, start + match.length + 48);
  return /^[^\n]{0,24}?(?:["'“‘«`]|https?:\/\/|www\.|\bthat\b|\bthe\s+(?:link|url|sentence|phrase|words?|line)\b)/i.test(after) ? 1.3 : 1;
}

/** "do not tell the user that ..." is secrecy (its own signal), the opposite of steering the reply. */
const notNegated = (_m: string, text: string, start: number): number =>
  /\b(?:not|never|n't|without)\s+(?:\w+\s+)?$/i.test(text.slice(Math.max(0, start - 24), start)) ? 0 : 1;

/** "To translate your answer, open the menu", "you can rewrite your reply": a how-to for a person, not an order. */
const HOW_TO = /(?:[.!?\n:]\s*|^\s*)(?:to|how\s+to)\s+$|\b(?:you\s+(?:can|could|may)|lets?\s+you|allows?\s+you\s+to|option\s+to|want\s+to)\s+$/i;
const notHowTo = (_m: string, text: string, start: number): number => (HOW_TO.test(text.slice(Math.max(0, start - 40), start)) ? 0.3 : 1);

export const REPLY_PATTERNS: readonly Pattern[] = [
  // Who the text speaks to: whoever reads or summarises it, "you, the assistant".
  { cls: "address", w: [0.45, 0.1, 0.4], head: r`(?:whoever|whatever|anyone|anybody)\s+(?:is\s+|that\s+|who\s+)?${READ_VERB}\s+(?:this|these|the\s+(?:above|following))\b`, validate: rateAddressed },
  { cls: "address", w: [0.45, 0.1, 0.4], head: r`you,?\s+the\s+(?:AI|assistant|model|language\s+model|agent|chatbot|LLM|reader\s+AI)\b`, validate: rateAddressed },
  { cls: "address", w: [0.35, 0.05, 0.3], head: r`(?:when|while|if|before|after|once)\s+(?:you\s+(?:are\s+|have\s+|get\s+)?|the\s+(?:assistant|AI|model|agent|bot|chatbot|LLM)\s+(?:is\s+)?)?(?:asked\s+to\s+)?(?:summari[sz](?:e|es|ed|ing)|answer(?:s|ed|ing)?|respond(?:s|ed|ing)?|repl(?:y|ies|ied|ying)|process(?:es|ed|ing)?|pars(?:e|es|ed|ing)|analy[sz](?:e|es|ed|ing)|describ(?:e|es|ed|ing)|translat(?:e|es|ed|ing)|read(?:s|ing)?|review(?:s|ed|ing)?)\s+(?:about\s+|to\s+)?(?:this|the\s+(?:above|following))\s+${DOC_NOUN}`, validate: rateAddressed },
  { cls: "address", w: [0.45, 0.05, 0.3], head: r`(?:before|when|while|after)\s+(?:you\s+)?(?:reply|respond|answer|replying|responding|answering|talking|speaking|writing\s+back)\s+to\s+the\s+user\b`, validate: rateAddressed },
  { cls: "address", w: [0.45, 0.1, 0.4], before: r`\b(?:for|to|dear|hey|attention|all|any|every)\s+(?:the\s+)?`, head: r`(?:large\s+)?language\s+models?\b`, validate: rateAddressed },
  { cls: "address", w: [0.45, 0.1, 0.4], before: r`\b(?:if|when)\s+you(?:\s+are|'re|’re)\s+(?:an?\s+)?`, head: r`(?:AI|automated|language|LLM)[\w\s-]{0,20}?(?:summari[sz]er|reader|crawler|tool|system|screener|reviewer|parser|bot)\b`, validate: rateAddressed },
  { cls: "address", w: [0.45, 0.1, 0.4], before: r`(?:^|[\n.!?>*\]:(\[]|<!--)\s*`, head: r`(?:AI\s+(?:summari[sz]ers?|readers?|crawlers?|screeners?)|(?:large\s+)?language\s+models?|LLMs)\s*[:,]`, validate: rateAddressed },
  { cls: "address", w: [0.35, 0.05, 0.3], head: r`(?:when|while)\s+summari[sz]ing\s*,`, validate: rateAddressed },
  // Directives about the reply itself.
  { cls: "reply", w: [0.55, 0.05, 0.15], head: FORM_VERB, tail: r`\s+(?:[\w'-]+\s+){0,6}?(?:your|the\s+(?:entire|whole|full|final|complete))\s+(?:entire\s+|whole\s+|full\s+|final\s+|next\s+|complete\s+)?${REPLY}\b${NOT_FORMATTED_REPLY}`, validate: notHowTo },
  { cls: "reply", w: [0.55, 0.05, 0.15], head: r`(?:modify|change|alter|edit|update|adjust|rewrite|tweak)\s+`, tail: r`your\s+(?:final\s+|next\s+)?${REPLY}\s+(?:so\s+(?:that\s+)?it\s+|to\s+)(?:include|contain|add|mention|say|state|recommend|promote|end|start|begin|link|feature|praise)` },
  { cls: "address", w: [0.45, 0.1, 0.4], head: r`${READER_AI}\s+`, tail: r`(?:that\s+|who\s+)?(?:is\s+|are\s+)?${READ_VERB}\s+(?:this|these|the\s+(?:above|following))\b`, validate: rateAddressed },
  { cls: "reply", w: [0.45, 0.05, 0.15], head: r`(?:include|add|insert|append|prepend|put|place|embed|mention|state|say|write|note|claim|slip)\s+`, tail: r`(?:in|to|into|within|at\s+the\s+(?:end|start|beginning|top|bottom)\s+of)\s+(?:each\s+of\s+|every\s+one\s+of\s+)?your\s+(?:final\s+|next\s+)?${REPLY}\b${NOT_MODEL_REPLY}`, validate: rateGivenContent },
  { cls: "reply", w: [0.45, 0.05, 0.15], head: r`(?:end|begin|start|finish|conclude|close|prefix|preface|open|sign)\s+`, tail: r`(?:each\s+of\s+|every\s+one\s+of\s+)?your\s+(?:final\s+|next\s+)?${REPLY}\s+(?:to\s+the\s+user\s+)?(?:with|by)\b`, validate: rateGivenContent },
  { cls: "reply", w: [0.45, 0.05, 0.15], head: r`(?:include|add|insert|append|prepend|embed|put|place)\s+`, tail: r`(?:a|an|the|this|these|our|the\s+following)?\s*${PAYLOAD_NOUN}\b[^\n]{0,100}?\b(?:to|in|into|at\s+the\s+(?:end|start|top|bottom)\s+of|within)\s+(?:your|every|each|all)\s+${REPLY}`, validate: (m) => (/["'“‘]|https?:|www\.|\.\w{2,}\b/.test(m) ? 1.25 : 1) },
  { cls: "reply", w: [0.35, 0.05, 0.1], head: r`(?:respond|reply|answer)\s+`, tail: r`(?:to\s+(?:the\s+|this\s+|any\s+|every\s+)?(?:user|human|customer|question|query|message|request)s?\s+)?(?:(?:only|solely|exclusively|just|strictly)\s+(?:with|in|using|by)|with\s+(?:only|just|nothing\s+but))\b`, validate: rateGivenContent },
  { cls: "reply", w: [0.45, 0.05, 0.15], head: r`(?:write|answer|respond|reply|speak|talk|output|communicate)\s+`, tail: r`(?:only\s+|exclusively\s+|entirely\s+)?(?:in|using|with)\s+${ODD_FORM}` },
  { cls: "reply", w: [0.55, 0.05, 0.15], head: r`(?:write|give|deliver|format|produce|output)\s+`, tail: r`(?:your|the)\s+(?:entire\s+|whole\s+|full\s+|final\s+)?${REPLY}\s+(?:only\s+|exclusively\s+|entirely\s+)?(?:in|using|as)\s+${ODD_FORM}` },
  { cls: "reply", w: [0.45, 0.05, 0.15], head: r`(?:answer|respond|reply|write)\s+`, tail: r`(?:the\s+(?:question|user)\s+|everything\s+)?(?:in|with)\s+(?:a|an)\s+(?:sarcastic|rude|hostile|condescending|mocking|angry|insulting|threatening|pirate|shakespearean|childish|passive-aggressive|dismissive)\s+(?:tone|voice|style|manner)\b` },
  { cls: "reply", w: [0.3, 0.05, 0.1], before: r`\b(?:in|within|throughout)\s+`, head: r`your\s+(?:final\s+|next\s+)?${REPLY}\b`, tail: r`(?=\s*[,:]|\s+(?:to\s+the\s+user\s*)?,?\s*(?:say|state|claim|mention|tell|write|include|add|recommend|suggest|insist|make\s+sure)\b)` },
  { cls: "reply", w: [0.45, 0.05, 0.1], head: r`your\s+(?:final\s+|next\s+)?${REPLY}\s+(?:must|should|shall|has\s+to|needs\s+to|will)\s+(?:now\s+|always\s+|only\s+)?`, tail: r`(?:contain|include|start|begin|end|say|state|mention|claim|recommend|be\s+(?:written|encoded|translated|formatted|only|exactly|in\s+(?!writing\b)\w+))\b`, validate: (m, text, start) => rateGivenContent(m, text, start) > 1 ? 1.3 : 0.7 },
  { cls: "reply", w: [0.3, 0.05, 0.1], head: r`(?:just|only|simply)\s+(?:print|say|output|write|type|respond\s+with|reply\s+with|answer\s+with|return)\b`, validate: rateGivenContent },
  { cls: "reply", w: [0.25, 0.05, 0.1], head: r`(?:print|output|respond\s+with|reply\s+with|answer\s+with)\s+`, tail: r`["'“‘]\w` },
  { cls: "reply", w: [0.3, 0.05, 0.1], head: r`(?:reply|respond|answer|write|speak|talk)\s+`, tail: r`(?:to\s+(?:the\s+)?user\s+)?(?:only\s+|exclusively\s+|always\s+)?(?:in\s+${LANGUAGE}|(?:as|like)\s+(?:a|an)\s+[\w-]+)\b` },
  { cls: "reply", w: [0.3, 0.1, 0.1], head: r`instead\s*,?\s+`, tail: r`(?:please\s+|just\s+)?(?:write|respond\s+with|reply\s+with|answer\s+with|compose|generate|produce|output|tell|say)\b` },
  { cls: "reply", w: [0.45, 0.05, 0.15], head: r`(?:answer|respond\s+to|reply\s+to)\s+`, tail: r`(?:every|each|all|any)\s+(?:question|query|message|request)s?\s+(?:about\s+[^\n.]{1,40}?\s+)?(?:only\s+)?(?:in|using|with)\s+(?:${ODD_FORM}|${LANGUAGE})` },
  // What the reply should tell the user, or do to them.
  { cls: "steer", w: [0.35, 0.05, 0.1], head: r`(?:the\s+)?(?:correct|right|real|true|only|official|accurate|proper)\s+`, tail: r`(?:summary|answer|response|reply|description)\s+(?:of\s+(?:this|the)\s+[\w-]+\s+|to\s+(?:any|every|this)\s+[\w-]+\s+)?is\s*[:'"“‘]` },
  { cls: "steer", w: [0.3, 0.05, 0.1], head: r`(?:tell|inform|convince|persuade|remind|warn|urge|advise|assure|reassure|notify|instruct|encourage|direct|redirect|ask)\s+(?:the|this|your)\s+(?:user|reader|human|customer|visitor|person|requester|maintainer|developer|owner|team|admin|recipient|sender|buyer|client|caller|patient|shopper|guest|student|traveller|traveler|viewer|listener|member)s?\s+`, tail: r`(?:that|to|about|they|their|it|this|the)\b`, validate: notNegated },
  { cls: "steer", w: [0.3, 0.05, 0.1], before: r`(?:^|[\n.!?:;]\s*|\bplease\s+)`, head: r`(?:respond|reply|answer|say|write|explain)\s+to\s+the\s+user\b` },
  { cls: "steer", w: [0.25, 0.05, 0.1], before: r`(?:,|\b(?:should|must|shall|will|to|please|also|always|then|and|now))\s+(?:also\s+|always\s+|clearly\s+)?`, head: r`(?:say|state|claim|assert|insist|pretend|mention|write|report|declare|stress|emphasi[sz]e|imply|conclude)\s+`, tail: r`(?:that|it\s+(?:is|has|was)|(?:the|this)\s+[\w-]+\s+(?:is|was|has|passed|failed|contains))\b` },
  { cls: "steer", w: [0.3, 0.05, 0.3], head: r`regardless\s+of\s+(?:its|the|their|what|any)\s+(?:actual\s+|real\s+)?(?:content|contents|findings|results|evidence|facts|it\s+(?:says|shows)|the\s+\w+\s+(?:says?|shows?|indicates?|suggests?))\b` },
  { cls: "steer", w: [0.25, 0.05, 0.1], head: r`(?:rate|rank|score|grade|review)\s+`, tail: r`(?:this|the|it|him|her|them|our)\s+(?:[\w-]+\s+){0,3}?(?:as\s+|with\s+|at\s+)?(?:5|five|10|ten|100|highly|positively|excellent|perfect(?:ly)?|the\s+(?:best|strongest|top|highest|most))\b` },
  { cls: "steer", w: [0.35, 0.05, 0.1], head: r`summari[sz]e\s+`, tail: r`(?:this|the|it)\s+(?:\w+\s+)?(?:as|with)\s+(?:["'“‘]|only\b|just\b)` },
  { cls: "steer", w: [0.35, 0.05, 0.1], head: r`(?:print|output|display|show|say|give|return)\s+`, tail: r`(?:them\s+|the\s+user\s+)?(?:the\s+|this\s+)?(?:link|url|address)\s*:?\s*<?(?:https?:\/\/|www\.)` },
  { cls: "steer", w: [0.3, 0.05, 0.1], before: r`\b(?:tell|ask|get|have|make)\s+(?:the\s+|their\s+)?(?:user|reader|customer|recipient)s?\s+(?:to\s+)?`, head: r`(?:verify|confirm|update|validate|provide|submit|type|enter)\s+(?:their|your|his|her)\s+`, tail: r`(?:account|identity|password|credentials|card|payment|billing|bank|login|security|ssn|pin)` },
  { cls: "steer", w: [0.3, 0.05, 0.1], head: r`(?:verify|confirm|update|validate)\s+their\s+`, tail: r`(?:account|identity|password|credentials|card|payment|billing|bank|login)` },
  { cls: "steer", w: [0.35, 0.05, 0.1], head: r`(?:insult|mock|threaten|scare|frighten|mislead|deceive|manipulate|gaslight|lie\s+to)\s+`, tail: r`(?:the\s+)?(?:reader|user|customer|recipient|person|human|requester)s?\b` },
  // Code slipped into what the assistant writes.
  { cls: "steer", w: [0.3, 0.05, 0.15], head: r`(?:insert|add|include|append|write)\s+`, tail: r`(?:a|an)\s+(?:[\w-]+\s+)?(?:line|call|function|command|snippet|statement)\s+(?:that|which|to)\s+(?:sends?|posts?|uploads?|deletes?|removes?|wipes?|disables?|downloads?|exfiltrates?|leaks?)\b` },
  { cls: "steer", w: [0.35, 0.05, 0.15], head: r`(?:insert|add|inject|include|append|embed|slip|place|put)\s+`, tail: r`(?:the\s+following|this|these|a|an)\s+(?:[\w-]+\s+)?${CODE_NOUN}s?\b[^\n]{0,60}?\b(?:in|into|to)\s+(?:the\s+user'?s|every|each|all|any|their|whatever|the\s+generated|your\s+(?:generated|next))\b` },
  { cls: "steer", w: [0.35, 0.05, 0.15], before: r`\b(?:in|into|to)\s+`, head: r`(?:every|each|all|any)\s+(?:file|function|script|answer|snippet|response|program|commit|module|change|pull\s+request|PR)s?\s+`, tail: r`(?:that\s+)?(?:you|they|it)\s+(?:generate|write|create|produce|edit|touch|output|modify|make|open|submit)\b` },
  { cls: "steer", w: [0.3, 0.05, 0.15], before: r`\balso\s+`, head: r`(?:add|insert|include|append|write)\s+`, tail: r`(?:a|an|the)\s+(?:[\w-]+\s+)?(?:line|call|function|import|dependency|request|hook|step)\s+(?:that|which|to)\s+(?:sends?|posts?|uploads?|fetch(?:es)?|calls?|downloads?|runs?|executes?|reads?|deletes?|disables?)\b` },
  // Consent the user never gave, and money moved on the text's word.
  { cls: "secrecy", w: [0.3, 0.05, 0.3], head: r`(?:the\s+)?user\s+(?:has\s+)?(?:already\s+)?(?:approved|authori[sz]ed|consented\s+to|agreed\s+to|confirmed)\s+`, tail: r`(?:this|these|the|all|any)\s+(?:action|request|transfer|payment|change|operation|step)s?\b` },
  { cls: "command", w: [0.3, 0.05, 0.3], head: r`(?:transfer|wire|send|pay|move)\s+`, tail: r`(?:[$€£¥]\s?\d[\d,.]*|\d[\d,.]*\s?(?:USD|EUR|GBP|dollars|euros|BTC|ETH))\s+(?:\w+\s+){0,2}?(?:from|to|into)\b` },
  // A chat message object planted in data: a system turn the page has no business sending.
  { cls: "role", w: [0.25, 0.1, 0.3], lead: r`"role"\s*:\s*"system"\s*,\s*"content"\s*:\s*"`, tail: r`(?:override|ignore|new\s+instructions|you\s+must|from\s+now\s+on)` },
  // Switching the assistant to another task.
  { cls: "override", w: [0.4, 0.25, 0.3], head: r`instead\s+of\s+`, tail: r`(?:summari[sz]ing|answering|translating|responding\s+to|replying\s+to|doing|completing|analy[sz]ing|reviewing|following|reading|describing)\s+(?:this|the|that|your|what|it)\b` },
  { cls: "override", w: [0.4, 0.25, 0.3], before: r`\b(?:do\s+not|don'?t|never)\s+`, head: r`(?:summari[sz]e|translate|answer|analy[sz]e|review|describe|process|read)\s+`, tail: r`(?:this|the)\s+${DOC_NOUN}\b` },
  { cls: "override", w: [0.4, 0.25, 0.3], head: r`(?:stop|quit|cease|abandon|drop|pause|halt)\s+`, tail: r`(?:summari[sz]ing|translating|answering|analy[sz]ing|what\s+you(?:'re|’re|\s+are)\s+doing|everything|(?:the|your)\s+(?:current\s+|original\s+)?(?:task|summary|translation|analysis|work|assignment))\b` },
  { cls: "override", w: [0.45, 0.3, 0.3], head: r`forget\s+(?:about\s+)?`, tail: r`(?:the|your|this|that)\s+(?:original\s+|current\s+)?(?:summary|task|question|article|translation|request|assignment|analysis|document|page|email)\b` },
  { cls: "reply", w: [0.3, 0.1, 0.1], head: r`(?:write|compose|create|generate|produce|tell|give)\s+`, tail: r`(?:me\s+|them\s+|the\s+user\s+)?(?:a|an)\s+(?:[\w-]+\s+){0,3}?(?:poem|story|essay|limerick|song|haiku|joke|tweet|advert|advertisement|phishing\s+\w+|rap|sonnet|fairy\s+tale)\b[^\n.]{0,80}?\binstead\b` },
  { cls: "override", w: [0.5, 0.3, 0.4], head: r`(?:ignore|disregard|skip)\s+`, tail: r`(?:the\s+rest\s+of\s+|all\s+of\s+|everything\s+in\s+|what\s+is\s+in\s+)?(?:this|the\s+(?:above|previous|preceding|following|surrounding))\s+(?:data|text|content|document|page|email|message|input|article|file|context)\b` },
  { cls: "override", w: [0.5, 0.3, 0.4], head: r`(?:ignore|disregard)\s+`, tail: r`(?:the\s+)?(?:user|human|requester)(?=\s*(?:[,.;:!]|and\b|$|entirely|completely|for\s+now))` },
  { cls: "override", w: [0.5, 0.35, 0.4], head: r`(?:previous|prior|above|earlier|original|old|existing|current|initial|all\s+other)\s+`, tail: r`(?:instructions|guidelines|rules|directives|prompts?|tasks?|orders|policies)\s+(?:are|is|have\s+been|were|has\s+been)\s+(?:now\s+|hereby\s+)?(?:deprecated|obsolete|void|cancell?ed|revoked|superseded|outdated|replaced|invalid|null|suspended|lifted|no\s+longer\s+(?:valid|apply|applicable|in\s+effect|relevant))\b` },
  { cls: "override", w: [0.5, 0.35, 0.4], before: r`\byour\s+`, head: r`(?:task|job|role|goal|mission|purpose|assignment)\s+`, tail: r`(?:from\s+now\s+on|now|henceforth|going\s+forward|has\s+changed)(?:\s*,)?\s+(?:is|will\s+be|to)?\b` },
  { cls: "override", w: [0.35, 0.2, 0.3], head: r`(?:system\s+)?override\s*:`, tail: r`\s*(?!(?:true|false|yes|no|null|none|on|off)\b)[a-z][a-z'-]+\s`, validate: (m) => (/^[A-Z]/.test(m) ? 1 : 0) },
];

