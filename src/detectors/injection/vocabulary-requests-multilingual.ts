// Vocabulary of high-stakes orders and appended tasks planted in data, in the languages
// machine-translated attacks come in: the user's voice asking for money sent, access given, a
// location shared or every mail forwarded ("Merci de transférer 2 000 euros de mon compte ...",
// "Bitte gewähre meinem Freund dauerhaften Zugang ..."), the originals deleted afterwards and the
// user not told; and the reply told where to carry an advert, a site or a sentence. As in English
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
  { cls: "address", w: [0.45, 0.05, 0.1], lead: r`(?:ＡＩ)?アシスタント(?:へ|さん|様|の皆様)\s*[：:、,]` },
  // Money sent, in Russian; every mail sent on, in Dutch.
  { cls: "command", w: [0.3, 0.05, 0.3], lead: r`(?:переведи|переведите|отправь|отправьте|перечисли|перечислите)\s+[^\n]{0,30}?\d[\d\s]{0,12}\s?(?:рубл|руб|₽|доллар|евро|USD|EUR)` },
  { cls: "exfil", w: [0.35, 0.05, 0.35], head: r`stuur\s+`, tail: r`(?:alsjeblieft\s+|aub\s+|even\s+)?(?:al\s+mijn|alle|al\s+de)\s+(?:e-?mails|berichten|documenten|bestanden|mails)\s+door\s+naar\s+${EMAIL}` },
  // Every mail sent on, in other languages: "leite alle E-Mails ... an x@ weiter".
  { cls: "exfil", w: [0.35, 0.05, 0.35], head: r`(?:reenvía|reenvia|reenvíe|reenvie|transfère|transfere|transférez|transferez|leite|leiten\s+Sie|inoltra|encaminhe|encaminha|reencaminhe|stuur\s+door|przekaż|przekaz)\s+`, tail: r`(?:todos\s+(?:los|mis)|toutes?\s+(?:les|mes)|tous\s+(?:les|mes)|alle|tutte\s+le|tutti\s+i|todos\s+os|todas\s+as|wszystkie)\s+(?:[\w-]+\s+){0,2}?(?:correos|e-?mails?|courriels|messages|mensajes|E-Mails|Nachrichten|mail|messaggi|mensagens|wiadomo[śs]ci)\b[^\n]{0,80}?${EMAIL}` },
  // The originals deleted afterwards, so the user never sees what asked: German, Spanish, French, Italian, Portuguese.
  { cls: "secrecy", w: [0.35, 0.05, 0.35], head: r`(?:lösche|losche|entferne|elimina|borra|supprime|supprimez|efface|cancella|apague|exclua)\s+`, tail: r`(?:danach\s+|anschlie(?:ß|ss)end\s+|dann\s+|despu[ée]s\s+|ensuite\s+|apr[èe]s\s+|poi\s+|depois\s+)?(?:die\s+Originale|die\s+(?:urspr[üu]ngliche|originale)\s+(?:E-Mail|Nachricht)|diese\s+(?:E-Mail|Nachricht)|(?:el|los)\s+(?:correos?|mensajes?)\s+originales?|este\s+(?:correo|mensaje)|(?:les?|l['’])\s*(?:e-?mails?|messages?|courriels?)\s+originaux|l['’]original|ce\s+(?:message|courriel|e-?mail)|(?:gli|i|il|l['’])\s*(?:messaggi|messaggio|email|e-mail)\s+original[ie]|questo\s+messaggio|(?:os|o)\s+(?:e-?mails?|mensagens?|originais|original)|esta\s+mensagem)` },
  // The user not told, in the forms Spanish uses with its pronouns: "no se lo digas al usuario".
  { cls: "secrecy", w: [0.45, 0.1, 0.45], head: r`no\s+`, tail: r`(?:se\s+lo|se\s+la|se\s+los|le|les|lo)\s+(?:digas|diga|cuentes|cuente|menciones|mencione|informes|comentes)\s+(?:nada\s+)?(?:al|a\s+la|a\s+los)\s+(?:usuari[oa]s?|client[ea]s?|due[ñn]o)` },
  // Money sent and mail forwarded in Chinese, Korean and Arabic: "把账户里的5000元转到账号", "모든 이메일을 ... 전달".
  { cls: "address", w: [0.25, 0, 0.1], lead: r`(?:请|請)(?:帮|幫)(?:我|忙)(?:把|将|將)?` },
  { cls: "command", w: [0.3, 0.05, 0.3], lead: r`(?:转到|轉到|转账到|轉帳到|汇到|匯到|转给|轉給)(?:账号|帳號|账户|帳戶|卡号|卡號)`, validate: (_m, text, start) => (/\d/.test(text.slice(Math.max(0, start - 40), start + 40)) ? 1 : 0) },
  { cls: "address", w: [0.25, 0, 0.1], lead: r`(?:내|제)\s+[^\n。]{0,60}?(?:해\s*주세요|해\s*줘|주세요)` },
  { cls: "exfil", w: [0.35, 0.05, 0.35], lead: r`(?:모든|전체)\s*(?:이메일|메일|파일|메시지|연락처)[^\n。]{0,80}?(?:전달|보내|전송)`, validate: (m, text, start) => (/@[\w-]+\.\w/.test(text.slice(start, start + m.length + 60)) ? 1 : 0) },
  { cls: "address", w: [0.25, 0, 0.1], lead: r`(?:يرجى|رجاء|من\s+فضلك|الرجاء)\s+[^\n.]{0,80}?(?:حسابي|بريدي|ملفاتي|موقعي|كلمة\s+المرور\s+الخاصة\s+بي)` },
  { cls: "command", w: [0.3, 0.05, 0.3], lead: r`(?:تحويل|حوّل|حول|ارسل|أرسل)\s+\d[\d,.]*\s*(?:دولار|يورو|ريال|درهم|جنيه)` },
  // A task appended for the reply in other languages: where it goes, what it pushes, the sentence it must carry.
  { cls: "reply", w: [0.3, 0.05, 0.15], before: r`(?:^|[\s,.;:])(?:al|à\s+la|a\s+la|am|alla|no)\s+`, head: r`(?:final\s+de|fin\s+de|Ende|fine\s+(?:della|di)|final\s+d[aeo])\s+`, tail: r`(?:tu|su|ta|votre|deiner|Ihrer|tua|sua)\s+(?:respuesta|réponse|reponse|Antwort|risposta|resposta)\b` },
  { cls: "reply", w: [0.3, 0.05, 0.15], lead: r`(?:回答|返答|答え|返信|回复|答案)(?:的|の)?(?:最后|最後|末尾|结尾|結尾|开头|開頭|冒頭|最初)(?:に|加上|写上|寫上|添加|附上)?` },
  { cls: "reply", w: [0.3, 0.05, 0.1], head: r`(?:antworte|antworten\s+Sie|réponds|répondez|responde|responda|rispondi)\s+`, tail: r`(?:auf|en|in|em)\s+(?:Französisch|Englisch|Spanisch|Italienisch|Russisch|Chinesisch|français|anglais|espagnol|allemand|italien|francés|inglés|alemán|italiano|francese|inglese|tedesco|spagnolo|francês|inglês|espanhol|alemão)\b` },
  { cls: "reply", w: [0.45, 0.05, 0.15], head: r`(?:füge|fuge|fügen\s+Sie)\s+`, tail: r`[^\n.]{0,40}?(?:Satz|Text|Zeile|Absatz|Slogan)[^\n]{0,80}?\bhinzu\b` },
  { cls: "steer", w: [0.3, 0.05, 0.15], head: r`(?:recomienda|recomiende|recommande|recommandez|empfiehl|empfehlen\s+Sie|consiglia|raccomanda|recomende|recomenda)\s+`, tail: r`(?:al\s+usuario|a\s+la\s+usuaria|à\s+l['’]utilisat(?:eur|rice)|dem\s+(?:Nutzer|Benutzer)|all['’]utente|ao\s+usu[áa]rio)\s+(?:de\s+|zu\s+|di\s+)?(?:visitar|visiter|besuchen|visitare|comprar|acheter|kaufen|comprare|instalar|installer|installieren|installare|descargar|télécharger|herunterladen|scaricare|baixar)\b` },
  { cls: "steer", w: [0.25, 0.05, 0.15], head: r`(?:publicité|publicite|pub|anuncio|publicidad|Werbung|Werbeanzeige|pubblicità|pubblicita|anúncio|anuncio|propaganda)\s+`, tail: r`(?:pour|para|für|fur|per)\s+(?:la\s+marque\s+|le\s+|la\s+|el\s+|die\s+|den\s+|das\s+|il\s+|o\s+|a\s+)?[A-Z][\w&'-]{2,30}`, validate: (m) => (/\s[A-Z][\w&'-]{2,30}$/.test(m) ? 1 : 0) },
  { cls: "steer", w: [0.25, 0.05, 0.15], head: r`(?:Satz|Zeile|texte|ligne|frase|texto|testo|slogan)\s+`, tail: r`["'“„«‘][^"'”»’\n]{0,80}?(?:www\.|https?:\/\/|\b[\w-]+\.(?:com|net|org|example|io|shop|biz|info|xyz|co)\b)` },
  { cls: "steer", w: [0.25, 0.05, 0.15], lead: r`「[^」\n]{0,60}?(?:www\.|https?:\/\/|[\w-]+\.(?:com|net|org|example|io|jp|cn|shop))` },
  // The home opened up, in Spanish, French, German, Italian and Portuguese.
  { cls: "command", w: [0.3, 0.05, 0.3], head: r`(?:desbloquea|abre|desactiva|desarma|déverrouille|deverrouille|ouvre|désactive|desactive|entsperre|offne|deaktiviere|sblocca|apri|disattiva|desbloqueie|abra|desative|desarme)\s+`, tail: r`(?:la|el|las|los|le|les|l['’]|die|den|das|il|lo|gli|a|o|as|os)?\s*(?:puerta|cerradura|alarma|c[áa]maras?|garaje|porte|serrure|alarme|cam[ée]ras?|garage|T[üu]r|Haust[üu]r|Schloss|T[üu]rschloss|Alarmanlage|Kameras?|Garage|porta|serratura|allarme|telecamere|portão|fechadura|alarme)\b` },
];
