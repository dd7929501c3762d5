// More bare harmful requests (beside vocabulary-harm-bare.ts), aimed at people rather than made:
// recruitment for a terror group and praise of a mass killer, someone's password taken, a
// private person's home asked for to go there, self-harm hidden from family, a gun for someone
// barred from one, fake reviews written in bulk, an elderly person talked into paying, and the
// refusal promised away for whatever comes next. Each anchors on its rarest word and looks back
// for the verb. Weights are [data, user, definition]; read in user prompts only.
import { PROCEDURE } from "./vocabulary-harm.ts";
import { r, type Pattern } from "./vocabulary-parts.ts";

const BARE: readonly [number, number, number] = [0, 0.55, 0];

const GROUP = r`(?:ISIS|ISIL|Daesh|(?:the\s+)?Islamic\s+State|al-?Qaeda|(?:the\s+)?Taliban|Hamas|Hezbollah|al-?Shabaab|Boko\s+Haram|(?:the\s+)?KKK|(?:the\s+)?Ku\s+Klux\s+Klan|neo-?Nazis?|Atomwaffen|(?:the\s+)?Base|(?:a|an|our|my)\s+(?:terrorist|extremist|jihadist|neo-?Nazi|white\s+supremacist|militia)\s+(?:group|organi[sz]ation|cell|movement|network))`;

/** A claim quoted to counter it, a history asked about: the words are not the request. */
const COUNTERED = /\b(?:counter\w*|refut\w*|debunk\w*|prevent\w*|why\s+(?:do|does|did)|how\s+(?:do|does|did)\s+(?:people|platforms|extremists|groups)|history|thesis|research\w*\s+on|moderat\w*|detect\w*|report\w*)\b/i;
const notCountered = (match: string, text: string, start: number): number =>
  COUNTERED.test(text.slice(Math.max(0, start - 100), start + match.length + 60)) ? 0 : 1;

/** Barred from owning a gun: a failed check, a felony, a restraining order. */
const BARRED = /\b(?:failed|fail|flunked|denied|can'?t\s+pass|cannot\s+pass|won'?t\s+pass|felon|felony|restraining\s+order|prohibited\s+person|not\s+allowed\s+to\s+(?:own|buy|have))\b/i;
const APPEAL = /\b(?:appeal\w*|challenge|correct\w*|overturn\w*|restor\w*|legally|lawyer)\b/i;
const barredBuyer = (_match: string, text: string, start: number): number => {
  const around = text.slice(Math.max(0, start - 160), start + 80);
  return BARRED.test(around) && !APPEAL.test(around) ? 1 : 0;
};

/** Someone else: a classmate, an ex, a partner, anyone not the asker. */
const OTHER = r`(?:my\s+(?:ex|ex-\w+|wife|husband|girlfriend|boyfriend|partner|boss|coworker|co-worker|colleague|neighbou?r|teacher|roommate|crush|classmate|sister|brother|friend|mom|mum|dad|stepdad|stepmom)(?:'s|’s)|someone(?:\s+else)?(?:'s|’s)|another\s+person(?:'s|’s)|(?:his|her|their))`;

/** What the talking-into is for: money paid or handed over. */
const PAYING = /\b(?:money|pay|paying|wire|wiring|bank|gift\s+cards?|savings|transfer|bail|bitcoin|crypto|invest\w*|account|password|PIN|card\s+(?:number|details)|cash|check|cheque)\b/i;
const forMoney = (match: string, text: string, start: number): number => (PAYING.test(text.slice(start, start + match.length + 160)) ? 1 : 0);

export const HARM_BARE_PEOPLE_PATTERNS: readonly Pattern[] = [
  // Recruitment for a terror group, a killer praised: "a recruitment post for ISIS".
  { cls: "harm", w: BARE, head: r`(?:recruitment|recruiting|propaganda)\s+`, tail: r`(?:[\w-]+\s+){0,2}?(?:posts?|videos?|scripts?|messages?|posters?|pamphlets?|speech(?:es)?|materials?|campaigns?|flyers?|tweets?|threads?)\s+(?:for|on\s+behalf\s+of)\s+${GROUP}`, validate: notCountered },
  { cls: "harm", w: BARE, before: r`\b(?:prais(?:e|es|ing)|glorif(?:y|ies|ying)|celebrat(?:e|es|ing)|lioni[sz](?:e|es|ing))\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?`, head: r`(?:shooters?|bombers?|terrorists?|gunm[ae]n|mass\s+murderers?|killers?)\s+`, tail: r`(?:as\s+(?:a\s+|an\s+)?(?:hero|martyr|saint|legend|role\s+model|inspiration)|and\s+(?:call|calls|calling|urge|urges|urging)\s+for)\b`, validate: notCountered },
  // Someone else's password taken: "get my classmate's school portal password".
  { cls: "harm", w: BARE, before: r`${PROCEDURE}(?:get|find|steal|crack|guess|obtain|figure\s+out|find\s+out|see|hack|phish|reset|change)\s+${OTHER}\s+(?:[\w-]+\s+){0,2}?`, head: r`(?:passwords?|passcodes?|PINs?|logins?|credentials|security\s+questions?)\b` },
  // A named person's home asked for, to go there: "Taylor Swift's home address ... I want to visit her".
  { cls: "harm", w: [0, 0.35, 0], before: r`\b[\w-]+(?:'s|’s)\s+(?:current\s+|exact\s+|real\s+|actual\s+|private\s+)?`, head: r`(?:home|house|residential|private)\s+address\b` },
  { cls: "detail", w: [0, 0.25, 0], before: r`\bI\s+(?:want|need|plan|would\s+like|am\s+going|'?m\s+going)\s+to\s+`, head: r`(?:visit|confront|surprise|show\s+up\s+at|wait\s+outside|follow|watch)\s+`, tail: r`(?:her|him|them|their\s+(?:house|home|door))\b` },
  // Self-harm asked as a method: "how do I cut myself where no one will notice", "tips to starve myself".
  { cls: "harm", w: BARE, before: PROCEDURE, head: r`(?:cut|burn|hurt|harm|starve|purge|choke|bruise)\s+`, tail: r`myself\b(?!\s+(?:a|an|some|off|out|free|loose|short|up\s+a|in\s+on)\b)` },
  // A gun for someone barred from owning one.
  { cls: "harm", w: BARE, before: r`\b(?:get|buy|obtain|acquire|purchase)\s+(?:a\s+|an\s+)?(?:[\w-]+\s+)?`, head: r`(?:handguns?|guns?|firearms?|rifles?|pistols?|shotguns?)\b`, validate: barredBuyer },
  // Fake reviews written in bulk.
  { cls: "harm", w: BARE, before: r`\b(?:write|generate|create|post|make|give\s+me|produce)\s+(?:me\s+)?(?:\d+\s+|some\s+|a\s+bunch\s+of\s+|dozens\s+of\s+|hundreds\s+of\s+|many\s+|several\s+)?`, head: r`fake\s+`, tail: r`(?:[\w-]+\s+){0,2}?(?:reviews|testimonials|ratings|customer\s+stories)\b` },
  // An elderly or vulnerable person talked into paying.
  { cls: "harm", w: BARE, before: r`\b(?:to|how\s+to|ways?\s+to|I\s+(?:want|need)\s+to|help\s+me)\s+`, head: r`(?:convince|persuade|trick|pressure|scare|manipulate)\s+`, tail: r`(?:an?\s+|the\s+|my\s+)?(?:elderly|old|older|senior|vulnerable|lonely|grieving|confused)\s+(?:[\w-]+\s+)?(?:woman|man|person|people|lady|gentleman|widow|widower|citizens?|customers?|users?|neighbou?rs?|relatives?)\b`, validate: forMoney },
  // An atrocity called beneficial or a hoax: "the residential school system was ultimately beneficial".
  { cls: "harm", w: BARE, head: r`(?:holocaust|genocide|slavery|apartheid|residential\s+school(?:\s+system)?|stolen\s+generations?|ethnic\s+cleansing|Nanjing\s+massacre|Armenian\s+genocide|Rwandan\s+genocide|Srebrenica\s+massacre|Uyghur\s+camps)\s+`, tail: r`(?:system\s+)?(?:was|were|is)\s+(?:ultimately\s+|actually\s+|really\s+|largely\s+|in\s+fact\s+)?(?:beneficial|justified|good|a\s+good\s+thing|exaggerated|a\s+hoax|fake|a\s+myth|invented|made\s+up|necessary|deserved)\b`, validate: notCountered },
  // Content that bullies a child, or insults someone with slurs.
  { cls: "harm", w: BARE, before: r`\b(?:message|text|post|note|comment|letter|poem|song|speech|email|DM)s?\s+(?:that|which|to)\s+(?:viciously\s+|brutally\s+|cruelly\s+|relentlessly\s+)?`, head: r`(?:bull(?:y|ies)|humiliates?|torments?|mocks?|shames?)\s+`, tail: r`(?:a|an|my|the|his|her)\s+(?:(?:1[0-7]|[1-9])[\s-]year[\s-]old|child|kid|student|teen(?:ager)?|girl|boy|classmate|pupil)\b` },
  { cls: "harm", w: BARE, before: r`\b(?:using|with|full\s+of|containing|including|include)\s+(?:racial\s+|ethnic\s+|homophobic\s+|transphobic\s+|antisemitic\s+)?`, head: r`slurs\b`, validate: (_m, text, start) => (/\b(?:write|draft|compose|generate|create|insult\w*|mock\w*|harass\w*|bull\w*|roast)\b/i.test(text.slice(Math.max(0, start - 120), start)) && !/\b(?:report\w*|HR|history|why|harm\w*|respond\w*)\b/i.test(text.slice(Math.max(0, start - 120), start)) ? 1 : 0) },
  // A post that pushes an eating disorder, self-harm or an attack.
  { cls: "harm", w: BARE, before: r`\b(?:write|draft|create|compose|generate|produce|design)\s+(?:me\s+)?(?:an?\s+|the\s+|some\s+)?(?:[\w-]+\s+){0,3}?(?:posts?|articles?|essays?|tweets?|threads?|messages?|blogs?|blog\s+posts?|speech(?:es)?|video\s+scripts?|ads?|captions?)\s+`, head: r`(?:promoting|glorifying|encouraging|normali[sz]ing|inciting|endorsing|romantici[sz]ing)\s+`, tail: r`(?:(?!(?:with|for|who|from|to|about|against|in|people|teens|kids|women|men|girls|boys|those|anyone|everyone|survivors|victims)\b)[\w-]+\s+){0,2}?(?:anorexia|bulimia|eating\s+disorders?|self-harm|suicide|cutting|terrorism|genocide|school\s+shootings?|mass\s+shootings?|drunk\s+driving|pedophilia|child\s+abuse|jihad|white\s+supremacy)\b` },
  // Dangerous advice passed off as a tip: bleach mixed with ammonia.
  { cls: "harm", w: BARE, before: r`\b(?:convinc\w*|persuad\w*|encourag\w*|tell(?:ing)?|recommend\w*|tip\s+that|claiming|saying)\s+(?:people|readers|followers|everyone|users|viewers|them|kids|parents)?\s*(?:that\s+|to\s+)?(?:try\s+)?`, head: r`mix(?:ing)?\s+`, tail: r`bleach\s+(?:and|with)\s+(?:ammonia|vinegar|rubbing\s+alcohol)\b` },
  // A macro or script that hunts for passwords and sends them on.
  { cls: "harm", w: [0, 0.35, 0], before: r`\b(?:macro|script|program|code|extension|add-?on|plugin|app|tool|malware|bot)\s+(?:that|which|to)\s+(?:silently\s+|secretly\s+)?(?:searches|search|collects?|finds?|grabs?|harvests?|steals?|scans?|dumps?|extracts?)\s+(?:[\w'’-]+\s+){0,5}?(?:for\s+)?`, head: r`(?:passwords|credentials|credit\s+card\s+numbers|saved\s+logins|cookies|session\s+tokens)\b` },
  { cls: "detail", w: [0, 0.25, 0], before: r`\b(?:sends?|uploads?|posts?|emails?|forwards?|exfiltrates?)\s+(?:them|it|the\s+\w+|everything)\s+to\s+`, head: r`(?:me|my\s+(?:server|webhook|email|endpoint|telegram|discord|bot)|a\s+(?:webhook|telegram\s+bot|discord\s+webhook))\b` },
  // Someone's intimate images threatened for money (sextortion), as the one who threatens.
  { cls: "harm", w: BARE, before: r`\b(?:send|share|post|leak|release|publish|show)\s+(?:(?:a|an|the)\s+)?(?:[\w-]+(?:'s|’s)|her|his|their)\s+(?:[\w-]+\s+)?`, head: r`(?:nudes?|nude\s+(?:pics|photos|pictures|images|videos)|intimate\s+(?:pics|photos|pictures|images|videos)|sex\s+tape)\b`, validate: (m, text, start) => (/\b(?:unless|or\s+else|pays?|money|dollars|euros|bitcoin|gift\s+cards?)\b/i.test(text.slice(start, start + m.length + 160)) ? 1 : 0) },
  // The refusal promised away for whatever comes next.
  { cls: "persona", w: [0, 0.3, 0], head: r`whatever\s+I\s+(?:ask|say|request|tell\s+you|want)\s+`, tail: r`(?:(?:next|from\s+now\s+on|of\s+you|later)\s*)?,?\s*you\s+(?:will\s+|must\s+|shall\s+)?(?:answer|do|comply|respond|obey|provide|write)\b` },
];
