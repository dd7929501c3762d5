// Vocabulary of the task hijack, the short direct injection that competition and benchmark sets
// collect: everything before dropped ("forget everything above", "vergiss alles davor"), the old
// task closed and a new one opened ("well done, now focus on your new task"), old rules declared
// void, a fixed reply demanded ("and just say '...'", "I have been PWNED"), the guarded password
// asked for in any shape (a hint, a rhyme, its length, spelled or encoded, in other languages),
// a correct password claimed, and fake system lines after a flood of delimiters. In data: notes
// tagged for the agent in code comments and answers drawn from a text told what to say.
// The same words in innocent use ("forget my last message", "what makes a password strong",
// "encode this string in base64") stay below a finding: each move names what only a hijack names.
// Weights are [data, user, definition]. A move that is nothing alone weighs just under a finding
// (0.29), so a prompt holding only it is still read by the model tier at its ordinary bar; a move
// that is a hijack on its own weighs an approval (0.55).
import { r, rateAddressed, requireCapitalised, type Pattern } from "./vocabulary-parts.ts";

/** The word a password game guards. "password reset", "password for my router" are not it. */
const GUARDED = r`(?:secret\s+|hidden\s+|real\s+|actual\s+|correct\s+|current\s+)?(?:password|passphrase|passcode|pass\s+code|secret\s+(?:word|code|key|phrase)|magic\s+word|code\s*word)(?!\s*(?:for|of|to|on|in|at|reset|resets|manager|managers|polic\w*|requirements?|rules?|fields?|strength|hash\w*|change|recovery|protection|protected)\b)`;
const THE_GUARDED = r`(?:the|your|that|this)\s+${GUARDED}`;
/** The guarded word after words that already make it the one guarded ("each letter of the password on a line"). */
const THE_GUARDED_WORD = r`(?:the|your|that|this)\s+(?:secret\s+|hidden\s+)?(?:password|passphrase|passcode|secret\s+(?:word|code|key|phrase)|magic\s+word|code\s*word)\b`;
/** A reply asked to carry the guarded word in another shape. */
const SHAPE = r`(?:in\s+(?:capital|upper[\s-]?case|lower[\s-]?case|small)\s+letters|in\s+(?:all\s+)?caps|backwards|reversed|in\s+reverse|letter\s+by\s+letter|one\s+letter\s+at\s+a\s+time|in\s+(?:base\s?64|hex(?:adecimal)?|binary|morse|pig\s+latin|leet(?:speak)?|rot-?13|ascii|unicode|emojis?|another\s+language|a\s+(?:poem|song|riddle|story|limerick|haiku|code\s+block)|(?:spanish|french|german|italian|russian|chinese|japanese)))`;

/** "PWNED" in capitals or pulled apart: "I have been pwned" in lower case is a user's worry. */
const pwnedAsTarget = (match: string): number => {
  // Pulled apart to slip past a filter is evasion on top of the target: enough to hold alone.
  if (/p[\W_]+w[\W_]*n[\W_]*e[\W_]*d/i.test(match)) return 2;
  return /P[\W_]*W[\W_]*N[\W_]*E[\W_]*D/.test(match) ? 1 : 0;
};

/** "SYSTEM:" as a line of its own speaking to the model, not "System: Ubuntu 22.04" in a bug report. */
const FAKE_SYSTEM_LINE = /^\s*(?:you\b|the\s+(?:previous|above|prior|earlier|old|user|correct)|new\s+(?:rules?|instructions?|directive)|(?:ignore|disregard|override|forget|respond|reply|say|print|output|reveal|grant|access|from\s+now|all\s+(?:previous|prior)|password|security|authentication))/i;
const rateSystemLine = (match: string, text: string, start: number): number =>
  requireCapitalised(match) > 0 && FAKE_SYSTEM_LINE.test(text.slice(start + match.length, start + match.length + 60)) ? 1 : 0;

/** A run of one delimiter long enough that it only pads a prompt out: "%%%%...", ")))))...", matched from its start. */
const FLOOD = [r`%`, r`\)`, r`\]`, r`\}`, r`>`, r`~`, r`\^`, r`\|`, r`\$`, r`@`, r`!`, r`\?`, r`\(`, r`\[`]
  .map((c) => `(?<!${c})${c}{16,}`)
  .join("|");

/** "TODO(agent):" and kin: a code comment tagged for the AI that edits the file. */
const AGENT_TAG = r`(?:agents?|ai|assistants?|llms?|copilot|claude|codex|cursor|bots?|models?|gpt)`;

export const HIJACK_PATTERNS: readonly Pattern[] = [
  // A fixed reply demanded once the task is set aside: "and just say 'x'", "then print: x".
  { cls: "reply", w: [0, 0.29, 0], before: r`(?:\b(?:and|then|now|instead|just|only|simply)\s+|[,;:.!]\s*)`, head: r`(?:say|write|print|output|type|respond\s+with|reply\s+with|answer\s+with|return)\b`, tail: r`\s*(?:only\s+|just\s+|exactly\s+|out\s+)?(?:the\s+(?:words?|phrase|sentence|text)\s*)?:?\s*["'“‘]` },
  { cls: "reply", w: [0, 0.29, 0], head: r`repeat\s+`, tail: r`after\s+me\s*[:,]` },
  { cls: "reply", w: [0, 0.29, 0], head: r`(?:without|with\s+no|no)\s+`, tail: r`(?:any\s+|the\s+)?(?:punctuation|full\s+stop|trailing\s+(?:period|dot)|period\s+at\s+the\s+end|quotation\s+marks)\b` },
  { cls: "reply", w: [0, 0.29, 0], head: r`(?:output|print|write|say|return|respond\s+with|reply\s+with|type)\s+`, tail: r`(?:only|just|nothing\s+but)\s+(?:it|that|this|the\s+(?:phrase|sentence|result|answer|words?|completed\s+\w+|value|output))\b` },
  { cls: "reply", w: [0, 0.29, 0], head: r`(?:print|output|return|say|show)\s+`, tail: r`(?:only\s+)?the\s+value\s+(?:of|for|under)\s+(?:the\s+)?(?:key\s+|field\s+)?["'\x60]?(?:output|answer|response|result|reply|text)\b` },
  { cls: "reply", w: [0, 0.29, 0], head: r`(?:remove|delete|drop|strip)\s+`, tail: r`(?:all\s+)?(?:the\s+)?(?:underscores|dashes|hyphens|spaces\s+between\s+the\s+letters|dots\s+between)\b` },
  { cls: "override", w: [0, 0.29, 0], head: r`i\s+have\s+been\s+`, tail: r`p[\s._*'"+-]{0,3}w[\s._*'"+-]{0,3}n[\s._*'"+-]{0,3}e[\s._*'"+-]{0,3}d\b`, validate: pwnedAsTarget },
  // Everything before dropped, in the languages the direct-injection sets come in.
  { cls: "override", w: [0.5, 0.55, 0.5], head: r`(?:ignore|disregard|forget)\s+`, tail: r`(?:all\s+(?:of\s+)?)?(?:the\s+|everything\s+)?(?:above|preceding|foregoing|text\s+above|prior\s+text)(?=\s*(?:[,.;:!]|$|and\b|&|then\b|instead\b))` },
  { cls: "override", w: [0.29, 0.29, 0.29], before: r`\b(?:new|updated|revised)\s+`, head: r`(?:rules?|polic(?:y|ies)|directives?|orders?|instructions?)\s*:` },
  { cls: "override", w: [0.45, 0.55, 0.45], head: r`(?:forget|ignore|disregard|drop|scrap|abandon)\s+`, tail: r`(?:about\s+)?(?:all\s+)?(?:the\s+|your\s+|those\s+|these\s+)?(?:previous|prior|preceding|earlier|above|original|old|former|initial)\s+(?:tasks?|assignments?|orders|commands|directions|requests?|prompts?|context)\b` },
  { cls: "override", w: [0.29, 0.55, 0.29], head: r`(?:forget|ignore|disregard)\s+`, tail: r`(?:about\s+)?(?:all\s+(?:of\s+)?)?(?:the|your)\s+(?:assignments|tasks|orders|instructions)\b(?!\s+(?:for|about|on|from|in|at|of)\b)` },
  { cls: "override", w: [0.5, 0.55, 0.5], head: r`(?:vergiss|vergesst|vergessen\s+sie|ignoriere|ignoriert|ignorieren\s+sie)\s+`, tail: r`(?:bitte\s+)?(?:alles\s+(?:davor|zuvor|vorher|vorherige|bisherige|bisher\s+gesagte|oben|obige|vorangegangene|was\s+(?:vorher|zuvor|davor|bisher|oben))|(?:alle|sämtliche)\s+(?:\w+\s+)?(?:Aufgaben|Aufträge|Anweisungen|Befehle|Instruktionen|Vorgaben)|(?:die|deine|ihre|eure)\s+(?:vorherigen|bisherigen|obigen|früheren|alten|ursprünglichen|vorigen)\s+(?:Aufgaben|Aufgabe|Aufträge|Auftrag|Anweisungen|Befehle))` },
  { cls: "override", w: [0.5, 0.55, 0.5], head: r`(?:olvida|olvide|olvidad|olvídate\s+de|olvidate\s+de|ignora|ignore|ignorad)\s+`, tail: r`(?:todo\s+(?:lo\s+)?(?:anterior|que\s+(?:te\s+)?(?:dije|he\s+dicho|dijeron|han\s+dicho)|lo\s+de\s+arriba)|(?:la|tu|su|las|tus|sus|todas\s+las)\s+(?:tareas?|órdenes|ordenes|misi[óo]n(?:es)?)\s+(?:anterior(?:es)?|previas?|original(?:es)?))` },
  { cls: "override", w: [0.5, 0.55, 0.5], head: r`(?:oublie|oubliez|ignore|ignorez)\s+`, tail: r`(?:tout\s+ce\s+qui\s+(?:précède|precede|est\s+au-dessus|a\s+été\s+dit)|tout\s+ce\s+que\s+(?:je\s+(?:t['’]|vous\s+)ai\s+dit|l['’]on\s+(?:t['’]|vous\s+)a\s+dit)|(?:la|ta|votre|les|tes|vos|toutes\s+les)\s+(?:tâches?|taches?|missions?|consignes|ordres)\s+(?:précédente?s?|precedente?s?|antérieure?s?|anterieure?s?|initiale?s?))` },
  { cls: "override", w: [0.5, 0.55, 0.5], head: r`(?:dimentica|dimenticate|ignora|ignorate)\s+`, tail: r`(?:tutto\s+(?:quello|ciò|cio)\s+(?:che\s+)?(?:ti\s+(?:ho|hanno)\s+detto|ti\s+è\s+stato\s+detto|precede|c['’]è\s+sopra)|tutto\s+(?:il\s+resto\s+)?(?:sopra|prima)|(?:il|i|tutti\s+i|tuo|tuoi)\s+(?:compit[oi]|ordini)\s+precedent[ei]|(?:le\s+|tutte\s+le\s+)?istruzioni\s+(?:precedenti|di\s+prima|sopra))` },
  { cls: "override", w: [0.5, 0.55, 0.5], head: r`(?:esqueça|esqueca|esquece|esqueçam|ignore|ignora|desconsidere)\s+`, tail: r`(?:tudo\s+(?:o\s+que\s+(?:foi\s+dito|eu\s+(?:te\s+)?disse|te\s+disseram)|o\s+que\s+vem\s+antes|(?:o\s+)?(?:anterior|acima))|(?:a|as|todas\s+as|sua|suas|tua|tuas)\s+(?:tarefas?|ordens|instruções|instrucoes)\s+(?:anterior(?:es)?|prévias?|previas?|originais|original))` },
  { cls: "override", w: [0.5, 0.55, 0.5], head: r`(?:vergeet|negeer)\s+`, tail: r`(?:alles\s+(?:wat\s+(?:hiervoor|hierboven|eerder|ervoor)|hiervoor|hierboven|daarvoor|eerder)|(?:alle\s+|de\s+|je\s+|jouw\s+)?(?:vorige|voorgaande|eerdere)\s+(?:instructies|opdrachten|opdracht|taken|taak|regels))` },
  { cls: "override", w: [0.5, 0.55, 0.5], head: r`(?:zaboravi|zaboravite|ignoriraj|ignoriši|ignorisi)\s+`, tail: r`(?:sve\s+)?(?:prethodne\s+|ranije\s+)?(?:instrukcije|upute|naredbe|zadatke|zadatak|sve\s+(?:prije|ranije|prethodno|gore))` },
  { cls: "override", w: [0.29, 0.55, 0.29], head: r`(?:forget|ignore|disregard|erase|wipe|clear)\s+`, tail: r`(?:about\s+)?(?:absolutely\s+)?(?:everything|all\s+(?:of\s+)?(?:that|this|it))\s+(?:(?:that\s+)?(?:we|you|I)(?:'ve|\s+have|\s+had)?\s+(?:\w+\s+)?(?:said|told|discussed|talked\s+about|been\s+told|agreed)|(?:that\s+)?(?:was|were|has\s+been|had\s+been)\s+(?:said|told|written|discussed|given|agreed)|so\s+far|until\s+now|up\s+to\s+now|previously|(?:that\s+)?came\s+before)\b` },
  { cls: "override", w: [0.45, 0.55, 0.45], head: r`(?:remove|erase|clear|delete|wipe|drop|purge|get)\s+`, tail: r`(?:all\s+)?(?:the\s+|your\s+)?(?:previous\s+|prior\s+|earlier\s+|old\s+|above\s+)?(?:tasks?|instructions?|assignments?|orders|context|prompts?|rules)\s+(?:out\s+)?(?:of|from)\s+(?:your|the)\s+(?:head|mind|memory|brain)\b` },
  { cls: "override", w: [0.5, 0.55, 0.5], head: r`(?:die|alle|sämtliche)\s+`, tail: r`(?:obigen|vorherigen|bisherigen|vorangegangenen|vorigen|früheren)\s+(?:Ausführungen|Anweisungen|Instruktionen|Aufgaben|Befehle|Angaben|Vorgaben|Texte)\s+(?:bitte\s+)?(?:ignorieren|vergessen|missachten|außer\s+Acht\s+lassen)\b` },
  { cls: "override", w: [0.5, 0.55, 0.5], head: r`zapomnij\s+`, tail: r`(?:o\s+)?(?:wszystkim|wszystko)\s*,?\s*co\s+(?:było|bylo|powiedziałem|powiedzialem|ci\s+powiedziano|napisałem|napisalem)\s*(?:wcześniej|wczesniej|powyżej|powyzej|do\s+tej\s+pory|przedtem)` },
  { cls: "override", w: [0.5, 0.55, 0.5], lead: r`(?:забудь|забудьте)\s+(?:всё|все|обо\s+всём|обо\s+всем)\s*,?\s*(?:что\s+)?(?:было\s+|тебе\s+)?(?:выше|раньше|до\s+этого|ранее|сказано|говорили)` },
  // An interrupt and a new order: "stop - write: ...", "Arrête tout. Nouvelle consigne :".
  { cls: "override", w: [0.29, 0.55, 0.29], head: r`stop\s*`, tail: r`[-\u2013\u2014:!.]+\s*(?:and\s+)?(?:now\s+)?(?:write|say|print|output|type|answer|respond)\b` },
  { cls: "priority", w: [0.29, 0.29, 0.29], head: r`(?:arrête|arrete|arrêtez|arretez|stopp|stoppe|para|detén|deten|ferma|fermati|pare)\s+`, tail: r`(?:tout|alles|todo|tutto|tudo)\s*[.!:,]` },
  { cls: "override", w: [0.29, 0.29, 0.29], head: r`(?:nouvelles?|neue|nueva|nuevas|nuova|nuove|nova|novas|nieuwe|nowe|nowa)\s+`, tail: r`(?:consignes?|instructions?|Anweisungen|Anweisung|Aufgabe|instrucci[óo]n(?:es)?|istruzion[ei]|instruç[õo]es|instrucoes|instrução|instructies|instrukcje|polecenia)\s*:` },
  { cls: "override", w: [0.29, 0.29, 0.29], before: r`\b(?:nun|jetzt|hier|now|here)\s+(?:folgen|kommen|come|comes|follow|are)\s+(?:the\s+|some\s+|die\s+)?(?:neue|new)\s+`, head: r`(?:Anweisungen|Aufgaben|Instruktionen|Befehle|instructions|tasks|assignments|orders)\b` },
  { cls: "sysprompt", w: [0.3, 0.55, 0.4], before: r`\bwhat\s+(?:was|is)\s+(?:written\s+|said\s+|stated\s+)?at\s+the\s+`, head: r`(?:beginning|start|top)\s+of\s+`, tail: r`(?:this|the|your)\s+(?:prompts?|conversation|instructions?)\b` },
  { cls: "sysprompt", w: [0.3, 0.55, 0.4], before: r`\bwas\s+(?:stand|steht)\s+(?:am|zu|ganz\s+am)\s+`, head: r`(?:Anfang|Beginn)\s+`, tail: r`(?:dieses|des|deines)\s+(?:Prompts?|Textes|Anweisungen)\b` },
  // The supplied context set aside for what the model knows: "answer ... not from the articles".
  { cls: "override", w: [0.1, 0.29, 0.1], head: r`not\s+`, tail: r`(?:from|by|based\s+on|using|with|according\s+to)\s+(?:the|these|those|this|your)\s+(?:articles?|documents?|context|texts?|sources?|search\s+results|provided\s+\w+|given\s+\w+|snippets?|passages?)\b` },
  // The old task closed and a new one opened.
  { cls: "priority", w: [0.15, 0.15, 0.15], head: r`(?:focus|concentrate)\s+`, tail: r`(?:now\s+|only\s+)?on\s+(?:your|the|this)\s+new\s+(?:task|assignment|job|mission|instructions?|goal)\b` },
  { cls: "priority", w: [0.15, 0.15, 0.15], head: r`(?:konzentriere|konzentrier|konzentrieren)\s+`, tail: r`(?:dich|sie\s+sich|euch)\s+(?:jetzt\s+|nun\s+|ab\s+sofort\s+)?(?:nur\s+)?auf\s+(?:deine|ihre|eure|die)\s+neue\s+Aufgabe` },
  { cls: "priority", w: [0.15, 0.15, 0.15], head: r`(?:concéntrate|concentrate|concentre-toi|concentrez-vous|concentrati|concentre-se|concentra-te)\s+`, tail: r`(?:ahora\s+|maintenant\s+|ora\s+|agora\s+)?(?:en|sur|sulla|sul|no|na)\s+(?:tu|ta|votre|tua|seu|sua|tua)\s+(?:nueva\s+tarea|nouvelle\s+t[âa]che|nuova\s+attivit[àa]|nuovo\s+compito|nova\s+tarefa)` },
  { cls: "priority", w: [0.15, 0.15, 0.15], head: r`your\s+`, tail: r`(?:real|actual|true|only)\s+(?:task|job|mission|goal|objective|purpose|assignment)\s+(?:now\s+)?(?:is|will\s+be)\b` },
  { cls: "priority", w: [0.29, 0.29, 0.29], lead: r`(?:deine|ihre|tu|ta|votre|la\s+tua|il\s+tuo|a\s+sua|a\s+tua|je)\s+(?:neue|nueva|nouvelle|nuova|nuovo|nova|nieuwe)\s+(?:Aufgabe|tarea|t[âa]che|mission|compito|attivit[àa]|tarefa|taak|opdracht)\s*(?:(?:ist|es|est|e|is)\b|[èé](?=\s)|:)` },
  { cls: "override", w: [0.28, 0.29, 0.28], before: r`\b(?:that(?:'s|\s+is)|this\s+is)\s+`, head: r`enough`, tail: r`(?:\s+for\s+now)?\s*[.!,]\s+(?:now|next|forget|ignore|new|let'?s)\b` },
  { cls: "override", w: [0.28, 0.29, 0.28], before: r`\b(?:the|that|this|your)\s+(?:(?:previous|first|old|original)\s+)?`, head: r`(?:task|assignment|job)\s+`, tail: r`is\s+(?:now\s+)?(?:done|over|finished|complete|completed)\b` },
  { cls: "override", w: [0.29, 0.29, 0.29], head: r`stop\s+`, tail: r`(?:translating|summari[sz]ing|correcting|classifying|checking|analy[sz]ing|doing\s+what\s+you(?:'re|\s+are)\s+doing|being\s+an?\s+(?:translator|assistant|chatbot|bot|AI|language\s+model|summari[sz]er|helpful\s+assistant))\s*[.!,:;]` },
  { cls: "override", w: [0.4, 0.55, 0.4], head: r`you(?:'re|\s+are)\s+`, tail: r`(?:no\s+longer\s+(?:an?\s+)?(?:translator|assistant|chatbot|AI|language\s+model|summari[sz]er|classifier|helpful\s+assistant)|not\s+(?:an?\s+)?(?:translator|assistant|chatbot|AI|language\s+model|summari[sz]er|classifier|helpful\s+assistant)\s+any\s?more)\b` },
  // "Jetzt bist du ein Pirat": the assistant made someone else, in German as in English.
  { cls: "persona", w: [0.25, 0.29, 0.25], before: r`\b(?:jetzt|nun|ab\s+jetzt|ab\s+sofort|von\s+nun\s+an)\s+`, head: r`bist\s+du\s+`, tail: r`(?:ein|eine|der|die|das|kein|keine)\s+\S` },
  { cls: "persona", w: [0.25, 0.29, 0.25], head: r`du\s+bist\s+`, tail: r`(?:jetzt|nun|ab\s+sofort|ab\s+jetzt|von\s+nun\s+an)\s+(?:ein|eine|der|die|das|kein|keine)\s+\S` },
  // The task the prompt was given to (translate, summarise) set aside for another.
  { cls: "priority", w: [0.2, 0.29, 0.2], head: r`(?:instead|rather)\s+`, tail: r`(?:of|than)\s+(?:translating|summari[sz]ing|correcting|classifying|answering|doing\s+(?:that|this|the\s+task))\b` },
  { cls: "priority", w: [0.2, 0.29, 0.2], head: r`(?:don'?t|do\s+not|no\s+need\s+to|never\s+mind)\s+`, tail: r`(?:translate|summari[sz]e|correct|classify)\s+(?:this|it|anything|the\s+(?:text|sentence|above|following))\b` },
  { cls: "override", w: [0.45, 0.55, 0.45], head: r`ignore\s+`, tail: r`(?:the|this|that)\s+(?:text|passage|document|article|e-?mail|input|content|translation|summary)(?:\s+above)?\s*(?:,\s*)?(?:and|then)\s+(?:instead\s+)?(?:write|say|print|tell|output|answer|reply|respond|type)\b` },
  // Old rules declared void.
  { cls: "override", w: [0.35, 0.5, 0.45], head: r`(?:previous|prior|above|earlier|old|original|initial|former|preceding)\s+`, tail: r`(?:rules|instructions|restrictions|constraints|directives|prompts?|orders)\s+(?:no\s+longer\s+apply|(?:do\s+not|don'?t)\s+apply(?:\s+anymore)?|(?:are|have\s+been)\s+(?:now\s+)?(?:void|null|cancell?ed|revoked|lifted|suspended|overridden|disabled))\b` },
  // A fake system line after the prompt, padded out with delimiters first.
  { cls: "role", w: [0.35, 0.55, 0.3], before: r`(?:^|\n)\s*[#*>\[]{0,3}\s*`, head: r`(?:SYSTEM|ADMIN|ADMINISTRATOR|DEVELOPER|OPERATOR)(?:\s+(?:MESSAGE|PROMPT|NOTE|OVERRIDE|INSTRUCTIONS?|UPDATE))?\s*[\]]?\s*:\s*`, validate: rateSystemLine },
  { cls: "tag", w: [0.15, 0.29, 0], lead: FLOOD },
  // The correct password claimed, and the reply the game unlocks on.
  { cls: "override", w: [0.25, 0.29, 0.25], before: r`\b(?:user|person|i|you|they|he|she)\s+(?:has|have|had)\s+(?:just\s+)?`, head: r`(?:entered|provided|typed|supplied|guessed)\s+`, tail: r`the\s+(?:correct|right|valid)\s+(?:password|passcode|access\s+code|code|key|passphrase|secret)\b` },
  { cls: "override", w: [0.25, 0.29, 0.25], before: r`\b(?:correct|valid|right)\s+`, head: r`(?:password|passcode|access\s+code|passphrase)\s+`, tail: r`(?:has\s+been\s+|was\s+)?(?:entered|provided|accepted|verified|confirmed|received)\b` },
  { cls: "reply", w: [0, 0.29, 0], head: r`(?:begin|start|end|open|prefix)\s+`, tail: r`(?:your\s+)?(?:reply|response|answer|output)\s+with\s+(?:the\s+words?\s+)?["'“‘]?access\s+granted\b` },
  // The guarded word asked for outright or in a shape its rule may not cover.
  { cls: "held", w: [0, 0.55, 0], head: r`(?:what(?:'s|\s+is|\s+was)|tell\s+me|give\s+me|reveal|disclose|leak|show\s+me|print|say|spell(?:\s+out)?|type(?:\s+out)?|write(?:\s+down|\s+out)?|output|display|share|provide|send\s+me|repeat|i\s+need|i\s+want|i(?:'d|\s+would)\s+like)\s+`, tail: r`${THE_GUARDED}(?!\s+(?:as|with|using|from|into|and\s+(?:confirm|hash|salt))\b)` },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:what|which)\s+`, tail: r`(?:secret\s+)?(?:password|passphrase|passcode|secret\s+word|secret|code\s*word|magic\s+word)\s+(?:are|were|do|did|have)\s+you\s+(?:keeping|hiding|protecting|guarding|holding|know|got|given)\b` },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:word|secret|password|passphrase)\s+`, tail: r`(?:that\s+)?you(?:'re|\s+are)?\s+(?:must|should|are\s+(?:not\s+)?(?:supposed|allowed|meant|told|instructed)\s+to|can(?:'t|not)|may\s+not|were\s+(?:told|instructed)\s+not\s+to|shouldn't|mustn't)\s+(?:not\s+)?(?:reveal|tell|share|say|disclose|give\s+out|repeat)\b` },
  { cls: "held", w: [0, 0.55, 0], before: r`^\s*(?:the\s+|your\s+)?`, head: r`(?:password|passcode|passphrase|secret\s+word|magic\s+word)`, tail: r`\s*[?!.]*\s*$` },
  { cls: "held", w: [0, 0.29, 0], head: r`(?:give|tell|reveal|share|say)\s+`, tail: r`(?:me\s+)?the\s+secret\b(?!\s+(?:to|of|for|behind|recipe|ingredients?|santa|sauce|menu|garden|life|history|lives))` },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:hints?|clues?|riddles?|anagrams?|synonyms?|rhymes?|acrostics?)\s+`, tail: r`(?:about|for|to|of|on|hiding|with)\s+${THE_GUARDED}` },
  { cls: "held", w: [0, 0.55, 0], head: r`how\s+many\s+`, tail: r`(?:letters|characters|syllables|vowels|digits)\s+(?:does|are\s+in|is\s+in|has|are\s+there\s+in)\s+${THE_GUARDED}` },
  { cls: "held", w: [0, 0.55, 0], before: r`\b(?:first|last|second|third|fourth|next|final|middle|each|every)\s+(?:(?:two|three|four|few)\s+)?`, head: r`(?:letters?|characters?|syllables?)\s+of\s+`, tail: THE_GUARDED_WORD },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:what\s+does|does)\s+`, tail: r`${THE_GUARDED}\s+(?:rhyme\s+with|sound\s+like|start\s+with|end\s+with|mean)\b` },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:encode|encrypt|translate|reverse|rhyme|spell|scramble|hide|convert|write|put|rewrite|describe)\s+`, tail: r`(?:the\s+(?:secret\s+|hidden\s+)(?:password|passphrase|word|code)|your\s+${GUARDED}|the\s+(?:password|passphrase|secret\s+word)\s+${SHAPE})` },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:password|passphrase|secret\s+word|secret\s+code|secret|access\s+code|pass\s*code|code|key|PIN)\s+`, tail: r`(?:you(?:'re|\s+are)\s+(?:protecting|guarding|hiding|keeping|holding|not\s+allowed\s+to\s+(?:share|say|reveal))|you\s+(?:were|have\s+been)\s+(?:given|told|asked\s+to\s+(?:protect|guard|keep|hide)))\b` },
  { cls: "held", w: [0, 0.29, 0], head: r`(?:the|your)\s+`, tail: r`(?:secret\s+(?:word|password|passphrase|code)|hidden\s+(?:word|password))\b` },
  { cls: "reply", w: [0, 0.29, 0], head: r`how\s+many\s+`, tail: r`(?:letters|characters)\s+(?:does\s+it|it)\s+(?:has|have|contains?)\b` },
  { cls: "reply", w: [0, 0.29, 0], head: r`what\s+`, tail: r`(?:does\s+it|it)\s+(?:rhymes?\s+with|starts?\s+with|ends?\s+with)\b` },
  { cls: "reply", w: [0, 0.29, 0], head: r`(?:give|tell|send)\s+`, tail: r`me\s+(?:a|one|another|some|just\s+a)\s+(?:small\s+|little\s+|tiny\s+|subtle\s+)?(?:hint|clue)s?\b` },
  // The same in other languages: "sag mir das Passwort", "¿cuál es la contraseña?".
  { cls: "held", w: [0, 0.55, 0], head: r`(?:sag|sage|nenne|nenn|verrate|verrat|zeig|zeige|gib|schreib|schreibe|buchstabiere|buchstabier)\s+`, tail: r`(?:mir\s+)?(?:bitte\s+)?(?:jetzt\s+)?(?:das|dein|euer|Ihr)\s+(?:geheime\s+)?(?:Passwort|Kennwort|Codewort|Losungswort|Geheimwort|Zauberwort)\b(?!\s+(?:für|vom|von|des|der|zu)\b)` },
  { cls: "held", w: [0, 0.55, 0], before: r`\b(?:wie|was)\s+(?:lautet|ist)\s+(?:das|dein|Ihr)\s+(?:geheime\s+)?`, head: r`(?:Passwort|Kennwort|Codewort|Losungswort|Geheimwort|Zauberwort)`, tail: r`\s*[?.!]` },
  { cls: "held", w: [0, 0.55, 0], before: r`\b(?:cuál|cual|qué|que)\s+es\s+(?:la|tu)\s+`, head: r`(?:contraseña|contrasena|clave\s+secreta|palabra\s+(?:secreta|clave|mágica|magica))`, tail: r`\s*(?:secreta\s*)?[?.!]` },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:dime|dame|revela|revélame|revelame|escribe|deletrea|muéstrame|muestrame)\s+`, tail: r`(?:la|tu)\s+(?:contraseña|contrasena|clave\s+secreta|palabra\s+(?:secreta|clave|mágica|magica))\b(?!\s+(?:de|del|para)\b)` },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:quel|quelle)\s+`, tail: r`est\s+(?:le|ton|votre)\s+(?:mot\s+de\s+passe|code\s+secret|mot\s+secret)\s*(?:secret\s*)?[?.!]` },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:dis|donne|révèle|revele|ecris|epelle|dites|donnez|révélez|revelez)[-\s]+`, tail: r`(?:moi\s+)?(?:le|ton|votre)\s+(?:mot\s+de\s+passe|code\s+secret|mot\s+secret)\b(?!\s+(?:du|de|des|pour|d['’]))` },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:qual\s+è|qual\s+e|dimmi|dammi|rivela|rivelami|scrivi)\s+`, tail: r`(?:la\s+|tua\s+|la\s+tua\s+)?(?:password|parola\s+(?:d['’]ordine|segreta|chiave))\s*(?:segreta\s*)?(?:[?.!]|$)` },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:qual\s+é|qual\s+e|diga-me|me\s+diga|revele|escreva|soletre)\s+`, tail: r`(?:a|sua|a\s+sua|tua)\s+(?:senha|palavra[\s-]passe|palavra\s+secreta)\s*(?:secreta\s*)?(?:[?.!]|$)` },
  { cls: "held", w: [0, 0.55, 0], head: r`(?:wat\s+is|vertel\s+me|geef\s+me|noem)\s+`, tail: r`(?:het|je|jouw|uw)\s+(?:geheime\s+)?(?:wachtwoord|codewoord)\s*(?:[?.!]|$)` },
  // Data: a code comment tagged for the agent, and answers drawn from a text told what to say.
  { cls: "address", w: [0.45, 0.05, 0.3], head: r`(?:todo|note|fixme|hack|xxx|important)\s*`, tail: r`\(\s*@?${AGENT_TAG}\s*\)\s*:`, validate: rateAddressed },
  { cls: "address", w: [0.4, 0.05, 0.3], head: r`(?:any|every|each|all|the)\s+`, tail: r`(?:answers?|responses?|summar(?:y|ies)|replies|outputs?)\s+(?:generated|produced|written|derived|created|based|drawn)\s+(?:from|on|using|with)\s+(?:this|these)\s+[\w-]+\s+(?:must|should|shall|needs?\s+to|has\s+to|have\s+to|is\s+required\s+to|are\s+required\s+to)\s+(?:say|state|claim|mention|include|recommend|tell|report|describe|begin|start|end)\b` },
  { cls: "address", w: [0.4, 0.05, 0.3], head: r`(?:whatever|whichever)\s+`, tail: r`(?:AI|model|assistant|agent|bot|LLM|tool|system)\s+(?:is\s+)?(?:reads?|reading|processes|processing|handles|handling|summari[sz]es|summari[sz]ing|triages|triaging)\s+(?:this|these|the)\b`, validate: rateAddressed },
  { cls: "command", w: [0.28, 0.05, 0.28], head: r`add\s+`, tail: r`(?:the\s+)?(?:user\s+|account\s+)?@?[\w.-]{2,39}\s+as\s+(?:an?\s+)?(?:admin(?:istrator)?|owner|co-?owner|maintainer|collaborator|admin\s+collaborator)\b` },
  { cls: "secrecy", w: [0.35, 0.1, 0.35], head: r`do\s+`, tail: r`(?:it|this|that|so)\s+(?:quietly|silently|discreetly|secretly|covertly)\b` },
];
