// Vocabulary of high-stakes orders planted in data, in the languages machine-translated attacks
// come in: the user's voice asking for money sent, access given, a location shared or every mail
// forwarded ("Merci de transférer 2 000 euros de mon compte ...", "Bitte gewähre meinem Freund
// dauerhaften Zugang ..."), the originals deleted afterwards and the user not told. As in English
// (vocabulary-requests.ts), a polite opener and an action each weigh little alone; together, or
// beside secrecy, they are a planted task. Heads start with an ASCII word; words that start with
// another letter are leads. Weights are [data, user, definition].
import { r, type Pattern } from "./vocabulary-parts.ts";

/** Money as written in those languages: "500 euros", "€ 300", "200 dólares". */
const MONEY_ML = r`(?:[$€£]\s?\d[\d.,]*|\d(?:[\d.,]|\s(?=\d)){0,20}\s?(?:€|EUR|USD|euros?|Euro|d[oó]lares|dollars?|dollari|libras|livres|Pfund))`;
const EMAIL = r`[\w.+-]+@[\w-]+\.\w`;

export const REQUEST_MULTILINGUAL_PATTERNS: readonly Pattern[] = [
  // Money moved, in other languages: "transfiere 500 euros a la cuenta ...".
  { cls: "command", w: [0.3, 0.05, 0.3], head: r`(?:transférer|transferer|virer|verser|transferir|enviar|pagar|ingresar|trasferire|inviare|pagare|bonificare|uberweisen|transfiere|transfiera|transfieran|envía|envia|envíe|paga|pague|transfère|transfere|transférez|transferez|vire|virez|verse|versez|uberweise|zahle|trasferisci|bonifica|invia|transfira|envie|deposita|deposite|przelej|wyślij|wyslij|stuur|maak\s+over)\s+`, tail: r`[^\n]{0,40}?${MONEY_ML}` },
  { cls: "command", w: [0.3, 0.05, 0.3], lead: r`(?:überweise|überweisen\s+Sie)\s+`, tail: r`[^\n]{0,40}?${MONEY_ML}` },
  // The user's voice, as in English: "Merci de ... mon ...", "Bitte ... meinem ...", "Por favor, ... mi ...".
  { cls: "address", w: [0.25, 0, 0.1], before: r`(?:^|["'\n.!?]\s*)`, head: r`(?:por\s+favor|bitte|per\s+favore|per\s+cortesia|merci\s+de|veuillez)\s*,?\s+`, tail: r`[^\n.!?]{0,80}?\b(?:mon|ma|mes|mein(?:e[nmrs]?)?|mi|mis|mio|mia|miei|mie|meu|minha|meus|minhas|mijn)\s+\w` },
  { cls: "address", w: [0.25, 0, 0.1], lead: r`(?:пожалуйста|будь\s+добр|будьте\s+добры)\s*,?\s+[^\n.!?]{0,80}?(?:мо[йяеюё]|моей|моего|моих|моим)\s` },
  // Access given for good, a location shared: "gewähre ... dauerhaften Zugang", "comparte mi ubicación".
  { cls: "command", w: [0.3, 0.05, 0.3], head: r`(?:gewähre|gewahre|gewähren|gib|erteile|accorde|accordez|accorder|donne|donnez|donner|concede|conceda|conceder|otorga|otorgar|dale|concedi|concedere)\s+`, tail: r`[^\n.]{0,60}?\b(?:(?:dauerhaften|permanenten|vollen|unbegrenzten|uneingeschränkten)\s+(?:Zugang|Zugriff)|acc[eè]s\s+(?:permanent|complet|total|illimit[ée]|administrateur)|acceso\s+(?:permanente|total|completo|ilimitado|de\s+administrador)|accesso\s+(?:permanente|completo|totale|illimitato|amministratore)|acesso\s+(?:permanente|total|completo|ilimitado|de\s+administrador))\b` },
  { cls: "exfil", w: [0.35, 0.05, 0.35], head: r`(?:comparte|compartir|compartas|partage|partagez|partager|teile|teilen|condividi|condividere|compartilhe|compartilha|compartilhar|partilhe)\s+`, tail: r`(?:mi|ma|meinen|meine|la\s+mia|a\s+minha|minha)\s+(?:(?:ubicación|ubicacion|localisation|position|Standort|posizione|localização|localizacao)\s*(?:actual|actuelle|aktuellen|attuale|atual)?|(?:actual|aktuellen)\s+(?:ubicación|Standort))\b[^\n]{0,20}?\b(?:con|avec|mit|com)\b` },
  // Every mail forwarded, in Chinese and Japanese: "把我的所有邮件转发到", "すべてのメールを...に転送".
  { cls: "exfil", w: [0.35, 0.05, 0.35], lead: r`(?:所有|全部)(?:的)?(?:邮件|郵件|电子邮件|電子郵件|文件|消息|訊息|信息)[^\n。]{0,10}?(?:转发|轉發|发送|發送)(?:到|给|給|至)` },
  { cls: "exfil", w: [0.35, 0.05, 0.35], lead: r`(?:すべての|全ての|全部の)?(?:メール|ファイル|メッセージ|連絡先(?:リスト)?|パスワード|写真)を[^\n。]{0,40}?(?:に転送|に送信|へ転送|へ送信)` },
  { cls: "address", w: [0.45, 0.05, 0.1], lead: r`(?:AI|ＡＩ)?アシスタント(?:へ|さん|様|の皆様)\s*[：:、,]` },
  // Money sent, in Russian; every mail sent on, in Dutch.
  { cls: "command", w: [0.3, 0.05, 0.3], lead: r`(?:переведи|переведите|отправь|отправьте|перечисли|перечислите)\s+[^\n]{0,30}?\d[\d\s]{0,12}\s?(?:рубл|руб|₽|доллар|евро|USD|EUR)` },
  { cls: "exfil", w: [0.35, 0.05, 0.35], head: r`stuur\s+`, tail: r`(?:alsjeblieft\s+|aub\s+|even\s+)?(?:al\s+mijn|alle|al\s+de)\s+(?:e-?mails|berichten|documenten|bestanden|mails)\s+door\s+naar\s+${EMAIL}` },
  // Every mail sent on, in other languages: "leite alle E-Mails ... an x@ weiter".
  { cls: "exfil", w: [0.35, 0.05, 0.35], head: r`(?:reenvía|reenvia|reenvíe|reenvie|transfère|transfere|transférez|transferez|leite|leiten\s+Sie|inoltra|encaminhe|encaminha|reencaminhe|stuur\s+door|przekaż|przekaz)\s+`, tail: r`(?:todos\s+(?:los|mis)|toutes?\s+(?:les|mes)|tous\s+(?:les|mes)|alle|tutte\s+le|tutti\s+i|todos\s+os|todas\s+as|wszystkie)\s+(?:[\w-]+\s+){0,2}?(?:correos|e-?mails?|courriels|messages|mensajes|E-Mails|Nachrichten|mail|messaggi|mensagens|wiadomo[śs]ci)\b[^\n]{0,80}?${EMAIL}` },
  // The originals deleted afterwards, so the user never sees what asked: German, Spanish, French, Italian, Portuguese.
  { cls: "secrecy", w: [0.35, 0.05, 0.35], head: r`(?:lösche|losche|entferne|elimina|borra|supprime|supprimez|efface|cancella|apague|exclua)\s+`, tail: r`(?:danach\s+|anschlie(?:ß|ss)end\s+|dann\s+|despu[ée]s\s+|ensuite\s+|apr[èe]s\s+|poi\s+|depois\s+)?(?:die\s+Originale|die\s+(?:urspr[üu]ngliche|originale)\s+(?:E-Mail|Nachricht)|diese\s+(?:E-Mail|Nachricht)|(?:el|los)\s+(?:correos?|mensajes?)\s+originales?|este\s+(?:correo|mensaje)|(?:les?|l['’])\s*(?:e-?mails?|messages?|courriels?)\s+originaux|l['’]original|ce\s+(?:message|courriel|e-?mail)|(?:gli|i|il|l['’])\s*(?:messaggi|messaggio|email|e-mail)\s+original[ie]|questo\s+messaggio|(?:os|o)\s+(?:e-?mails?|mensagens?|originais|original)|esta\s+mensagem)` },
  // The user not told, in the forms Spanish uses with its pronouns: "no se lo digas al usuario".
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`no\s+`, tail: r`(?:se\s+lo|se\s+la|se\s+los|le|les|lo)\s+(?:digas|diga|cuentes|cuente|menciones|mencione|informes|comentes)\s+(?:nada\s+)?(?:al|a\s+la|a\s+los)\s+(?:usuari[oa]s?|client[ea]s?|due[ñn]o)` },
];
