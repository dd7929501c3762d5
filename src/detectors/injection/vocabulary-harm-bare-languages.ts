// The bare harmful requests of vocabulary-harm-bare.ts in other languages: the low-resource ones
// that translation attacks favour (Tagalog, Hmong, Scots Gaelic), and, in the languages whose
// bomb and drug procedures vocabulary-harm-multilingual.ts already reads, a way to end one's own
// life, a spouse or boss killed, a partner's phone tracked in secret. Each reaches approval
// alone; a water pump ("bomba ng tubig"), a dish cooked or a phone of one's own does not match.
// Weights are [data, user, definition]; read in user prompts only.
import { r, type Pattern } from "./vocabulary-parts.ts";

const BARE: readonly [number, number, number] = [0, 0.55, 0];

export const HARM_BARE_LANGUAGE_PATTERNS: readonly Pattern[] = [
  // Tagalog: "paano gumawa ng bomba" (how to make a bomb), "magluto ng shabu" (cook meth).
  { cls: "harm", w: BARE, before: r`\bpaano\s+(?:(?:ba|po)\s+)?(?:gumawa|gagawa|mag-?gawa|magluto|lumikha|bumuo)\s+ng\s+`, head: r`(?:bomba(?!\s+ng\s+(?:tubig|hangin|gasolina))|pampasabog|granada|shabu|droga|lason|baril\s+na\s+hindi|ransomware|malware|virus\s+sa\s+computer)\b` },
  // Hmong: "ua li cas thiaj ua tau ... foob pob" (how to make a bomb), "tshuaj lom" (poison).
  { cls: "harm", w: BARE, before: r`\bua\s+li\s+cas\b[^.?!\n]{0,40}?`, head: r`(?:foob\s+pob|tshuaj\s+lom)\b` },
  // Scots Gaelic: "ciamar a nì mi boma" (how do I make a bomb), "puinnsean" (poison).
  { cls: "harm", w: BARE, before: r`\bciamar\s+a\s+(?:nì|ni|dhèanas|dheanas)\s+(?:mi|thu|sinn|sibh)\s+(?:\S+\s+)?`, head: r`(?:boma|bomaichean|stuth-spreadhaidh|puinnsean)\b` },
  // An untraceable gun made at home: es, it, pt, fr.
  { cls: "harm", w: BARE, before: r`\b(?:c[oó]mo|come|como|comment)\s+(?:costruire|fabbricare|hacer|fabricar|fazer|construir|fabriquer|construire|armar)\s+(?:una?\s+|uma\s+|une\s+)?`, head: r`(?:pistola|arma|fucile|pistolet|arme|rev[oó]lver)\s+`, tail: r`(?:de\s+fuego\s+|da\s+fuoco\s+|à\s+feu\s+)?(?:non\s+rintracciabile|irrastreable|intra[cç]able|n[ãa]o\s+rastre[aá]vel|sin\s+n[uú]mero\s+de\s+serie|fantasma|casera|artigianale|artisanale|caseira)\b` },
  // A way to end one's own life: es, fr, de, pt, it.
  { cls: "harm", w: BARE, head: r`(?:forma|manera|m[eé]todo|modo|maneira)\s+`, tail: r`(?:m[aá]s\s+|menos\s+|meno\s+|pi[uù]\s+)?(?:f[aá]cil|r[aá]pid[ao]|indolor|dolorosa|doloroso|segur[ao]|efica[zc]e?|sicur[ao]|veloce)\s+(?:de|di|para|per)\s+(?:suicidarme|matarme|quitarme\s+la\s+vida|me\s+matar|me\s+suicidar|suicidarmi|uccidermi|togliermi\s+la\s+vita)\b` },
  { cls: "harm", w: BARE, head: r`(?:fa[cç]on|mani[eè]re|m[ée]thode|moyen)\s+`, tail: r`(?:la\s+plus\s+|le\s+plus\s+|la\s+moins\s+|le\s+moins\s+)?(?:simple|rapide|douloureuse|douloureux|s[uû]re?|efficace|indolore)\s+(?:de|pour)\s+(?:me\s+suicider|me\s+tuer|mettre\s+fin\s+[àa]\s+mes\s+jours)\b` },
  { cls: "harm", w: BARE, before: r`\bwie\s+(?:kann|könnte|koennte|soll)\s+ich\s+mich\s+(?:[\w\u00c0-\u024f]+\s+){0,3}?`, head: r`(?:umbringen|töten|toeten)\b` },
  // A spouse, parent, boss or neighbour killed: "cómo matar a mi esposo", "comment tuer mon mari".
  { cls: "harm", w: BARE, before: r`\b(?:c[oó]mo|comment|come|como)\s+(?:puedo\s+|posso\s+|je\s+peux\s+|pourrais-je\s+)?`, head: r`(?:matar|envenenar|tuer|empoisonner|uccidere|avvelenare)\s+`, tail: r`(?:a\s+)?(?:mi|mon|ma|il\s+mio|la\s+mia|mio|mia|meu|minha|o\s+meu|a\s+minha)\s+(?:esposo|esposa|marido|mujer|mari|femme|moglie|jefe|patron|chefe|capo|vecin[oa]|voisin|voisine|vizinh[oa]|padre|madre|p[eè]re|m[eè]re|pai|m[ãa]e|novio|novia|copain|copine|namorad[oa]|fidanzat[oa])\b` },
  { cls: "harm", w: BARE, before: r`\bwie\s+(?:kann|könnte|koennte|soll)\s+ich\s+(?:meinen|meine)\s+(?:Mann|Ehemann|Frau|Ehefrau|Chef|Chefin|Nachbarn|Nachbarin|Vater|Mutter|Freund|Freundin)\s+(?:[\w\u00c0-\u024f]+\s+){0,4}?`, head: r`(?:töten|toeten|umbringen|vergiften|ermorden)\b` },
  // A partner's phone or messages watched in secret (German): "heimlich das Handy meiner Frau orten".
  { cls: "harm", w: BARE, before: r`\bheimlich\s+(?:das\s+|die\s+)?`, head: r`(?:Handy|Telefon|Smartphone|WhatsApp|Nachrichten|Chats?|E-?Mails?|Standort)\s+`, tail: r`(?:meiner|meines|von\s+meiner|von\s+meinem)\s+(?:Frau|Ehefrau|Freundin|Ex|Ex-Freundin|Partnerin|Mannes|Ehemanns|Freundes|Partners)\s+(?:orten|überwachen|ueberwachen|mitlesen|lesen|ausspionieren|hacken|verfolgen)\b` },
];
