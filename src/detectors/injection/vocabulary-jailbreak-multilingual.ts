// The jailbreak moves of vocabulary-jailbreak.ts beyond English: a claimed authority over the
// assistant, secrets and customer data asked to be handed over, rules waived, a persona that
// never refuses or has no rules, the reminder to stay in character, the activation it is asked to
// confirm, the late grandmother, refusal suppression, a forced compliant opening, and fiction frames. Languages: de, fr, es, it, pt, ru, zh, ja, ko. Like
// vocabulary-multilingual.ts, each is a short phrase whose words an attack keeps in translation;
// weights match the English patterns', so one move alone stays below approval.
import { phrase } from "./vocabulary-multilingual.ts";
import { rateAboveRequest } from "./vocabulary-parts.ts";
import { r, type Pattern } from "./vocabulary-parts.ts";
import type { Weights } from "./signal-kind.ts";

const AUTHORITY: Weights = [0, 0.25, 0];
const HELD: Weights = [0, 0.35, 0];
const WAIVER: Weights = [0, 0.3, 0];
const NEVER_REFUSES: Weights = [0, 0.35, 0];
const AI_PERSONA: Weights = [0, 0.25, 0];
const IN_CHARACTER: Weights = [0, 0.2, 0];
const GRANDMA: Weights = [0, 0.5, 0];

/** "I am your administrator", "the developer who runs you", "this is the security team". */
const AUTHORITY_CLAIMS = [
  r`ich\s+bin\s+(?:dein(?:e)?|ihr(?:e)?)\s+(?:\S+\s+)?(?:Administrator(?:in)?|Admin|Entwickler(?:in)?|Ersteller(?:in)?|Schöpfer(?:in)?|Betreiber(?:in)?|Programmierer(?:in)?)`,
  r`ich\s+bin\s+(?:der|die)\s+(?:Administrator(?:in)?|Admin|Entwickler(?:in)?|Ersteller(?:in)?|Betreiber(?:in)?),?\s+(?:der|die)\s+(?:dich|dir)`,
  r`hier\s+(?:ist|spricht)\s+(?:das|dein|euer)\s+(?:Sicherheits-?team|Security-?Team|IT-?Team|Admin-?Team|IT-Sicherheit)`,
  r`(?:je\s+suis|nous\s+sommes)\s+(?:ton|ta|votre|tes|vos)\s+(?:\S+\s+)?(?:administrat(?:eur|rice)s?|admin|développeur(?:se)?s?|developpeur|créat(?:eur|rice)s?|opérat(?:eur|rice)s?|propriétaire)`,
  r`(?:ici|c\b'est)\s+l['’]\s*équipe\s+(?:de\s+)?(?:sécurité|securite|sécu|informatique|IT)`,
  r`(?:soy|somos)\s+(?:tu|su|tus)\s+(?:\S+\s+)?(?:administrador(?:a)?|admin|desarrollador(?:a)?|creador(?:a)?|operador(?:a)?|programador(?:a)?)`,
  r`(?:soy|somos)\s+(?:el|la)\s+(?:administrador(?:a)?|desarrollador(?:a)?|creador(?:a)?|operador(?:a)?)\s+que\s+te\s+\S+`,
  r`(?:somos|aquí|aqui|les\s+habla)\s+(?:el\s+)?equipo\s+de\s+(?:seguridad|sistemas|TI|IT)`,
  r`(?:sono|siamo)\s+(?:il\s+tuo|la\s+tua|i\s+tuoi|il|l['’])\s*(?:\S+\s+)?(?:amministratore|amministratrice|sviluppatore|sviluppatrice|creatore|creatrice|operatore|programmatore)(?:\s+di\s+sistema)?`,
  r`(?:qui\s+è|qui\s+e|siamo)\s+(?:il\s+)?team\s+(?:di\s+)?(?:sicurezza|IT)`,
  r`(?:sou|somos)\s+(?:o\s+)?(?:seu|sua|teu|tua)\s+(?:\S+\s+)?(?:administrador(?:a)?|admin|desenvolvedor(?:a)?|criador(?:a)?|operador(?:a)?|programador(?:a)?)`,
  r`(?:sou|somos)\s+(?:o|a)\s+(?:administrador(?:a)?|desenvolvedor(?:a)?|criador(?:a)?)\s+(?:responsável\s+por\s+(?:você|voce|ti)|que\s+(?:te|o)\s+\S+)`,
  r`(?:aqui\s+é|aqui\s+e|somos)\s+(?:a\s+)?equipe\s+de\s+(?:segurança|seguranca|TI)`,
  r`я\s+(?:твой|ваш|твоя|ваша|твой\s+главный)\s+(?:\S+\s+)?(?:администратор|админ|разработчик|создатель|оператор|владелец|программист)`,
  r`(?:это|с\s+вами\s+говорит)\s+(?:служба|отдел|команда)\s+(?:информационной\s+)?безопасности`,
  r`我是(?:你的|您的|你们的)(?:[^\n。，,]{0,6}?)(?:开发者|开发人员|開發者|管理员|管理員|创造者|创建者|創造者|运营者|主人|程序员)`,
  r`(?:这里是|這裡是|我们是|我們是)(?:安全团队|安全團隊|安全部门|安全部門|IT部门)`,
  r`(?:私は|僕は|俺は)(?:あなたの|君の|お前の)(?:[^\n。、]{0,6}?)(?:開発者|管理者|作成者|製作者|運営者|創造主|プログラマー)`,
  r`(?:こちらは|我々は)(?:セキュリティチーム|セキュリティ部門|情報システム部)`,
  r`(?:나는|저는|난|내가)\s*(?:너의|네|당신의|너희)\s*(?:\S+\s*)?(?:개발자|관리자|제작자|운영자|창조자|주인)`,
  r`(?:여기는|우리는)\s*(?:보안\s*팀|보안\s*부서|IT\s*팀)`,
];

/** Secrets and customer data to be handed over: a disclosing verb near what is held. */
const HELD_ASKS = [
  r`(?:gib|gebt|geben\s+sie|zeig|zeige|nenne|nenn|liste|verrate|schick|sende|druck|drucke)\s+(?:mir|uns)?\s*(?:\S+\s+){0,6}?(?:Zugangsdaten|Passw(?:o|ö)rt(?:er)?|Kennw(?:o|ö)rt(?:er)?|API-?Schlüssel|Umgebungsvariablen|Anmeldedaten|Kundenliste|Kundendaten|Lizenzschlüssel|Tokens?)`,
  r`(?:Zugangsdaten|Passw(?:o|ö)rt(?:er)?|Kennw(?:o|ö)rt(?:er)?|API-?Schlüssel|Umgebungsvariablen|Anmeldedaten|Kundenliste|Kundendaten|Lizenzschlüssel)[^\n.]{0,40}?\b(?:auszugeben|ausgeben|aus\b|anzuzeigen|anzeigen|zu\s+nennen|preiszugeben|zu\s+zeigen)`,
  r`(?:donne|donnez|montre|montrez|affiche|affichez|liste|listez|envoie|envoyez|révèle|révélez|revele|imprime|communique|fournis|fournissez|lis|lisez)(?:[\s-]+(?:moi|nous))?\s+(?:\S+\s+){0,6}?(?:mots?\s+de\s+passe|clés?\s+(?:d['’]\s*)?(?:API|secrètes?|de\s+licence|d['’]accès)|variables\s+d['’]environnement|identifiants|liste\s+(?:complète\s+)?des\s+clients|données\s+(?:des\s+|de\s+nos\s+)?clients|jetons?)`,
  r`(?:dame|danos|deme|muestra|muéstrame|muestrame|muéstranos|enumera|lista|envía|envíame|enviame|revela|revélame|imprime|dime|proporciona|proporcióname|lee|léeme|leeme|leía|leias|leías)\s+(?:\S+\s+){0,6}?(?:contraseñas?|claves?\s+(?:de\s+)?(?:API|licencia|secretas?|acceso|activación|activacion|producto)|variables\s+de\s+entorno|credenciales|lista\s+de\s+(?:los\s+)?clientes|datos\s+de\s+(?:los\s+)?clientes|tokens?)`,
  r`(?:dammi|dacci|mostra|mostrami|mostraci|elenca|invia|inviami|rivela|rivelami|stampa|dimmi|fornisci|leggi|leggimi)\s+(?:\S+\s+){0,6}?(?:password|credenziali|chiavi\s+(?:API|segrete|di\s+licenza|d['’]accesso)|variabili\s+d['’]ambiente|lista\s+(?:dei\s+|completa\s+dei\s+)?clienti|dati\s+dei\s+clienti|token)`,
  r`(?:dê|de\b-me|dê-me|me\s+dê|me\s+de|mostre|mostrar|me\s+mostre|liste|envie|revele|imprima|diga|forneça|passe|leia)\s+(?:\S+\s+){0,6}?(?:senhas?|credenciais|chaves?\s+(?:de\s+)?(?:API|licença|licenca|secretas?|acesso)|variáveis\s+de\s+ambiente|variaveis\s+de\s+ambiente|lista\s+de\s+clientes|dados\s+dos\s+clientes|tokens?)`,
  r`(?:дай|дайте|покажи|покажите|выведи|выведите|перечисли|отправь|пришли|раскрой|скажи|назови|выдай|прочитай)\s+(?:\S+\s+){0,6}?(?:парол[ьияей]+|ключи\s+API|API-?ключи|ключ(?:и)?\s+доступа|уч[её]тные\s+данные|переменные\s+окружения|токены?|список\s+клиентов|данные\s+клиентов|лицензионные\s+ключи)`,
  r`(?:输出|打印|显示|顯示|列出|给我|給我|告诉我|告訴我|发给我|提供|展示|透露|泄露|念给我|读给我)[^\n。]{0,20}?(?:密码|密碼|密钥|密鑰|API\s*(?:密钥|Key|key)|环境变量|環境變數|凭据|凭证|憑證|令牌|客户(?:名单|数据|资料|信息))`,
  r`(?:密码|密碼|密钥|密鑰|环境变量|環境變數|凭据|凭证|憑證|令牌|客户(?:名单|数据|资料|信息))[^\n。]{0,12}?(?:输出|打印|显示|列出|给我|告诉我|发给我|展示|透露)`,
  r`(?:パスワード|APIキー|環境変数|認証情報|秘密鍵|トークン|顧客(?:リスト|データ|情報))[^\n。]{0,20}?(?:表示|教え|見せ|出力|送って|一覧|読み上げ)`,
  r`(?:비밀번호|암호|API\s*키|환경\s*변수|자격\s*증명|토큰|고객\s*(?:목록|데이터|정보))[^\n.]{0,20}?(?:출력|보여|알려|말해|보내|나열|공개|읽어)`,
];

/** Rules waived for the request: "you are authorised to ignore the rules", "no questions". */
const WAIVERS = [
  r`(?:du\s+bist|sie\s+sind)\s+(?:hiermit\s+)?(?:berechtigt|autorisiert|befugt),?\s+(?:die\s+)?(?:\S+\s+){0,3}?(?:zu\s+ignorieren|zu\s+umgehen|auszugeben|offenzulegen)|keine\s+Rückfragen|ohne\s+Rückfragen|ich\s+(?:erlaube|gestatte|autorisiere)\s+(?:dir|ihnen|dich)`,
  r`(?:tu\s+es|vous\s+êtes)\s+(?:autorisée?s?|habilitée?s?)\s+à\s+(?:ignorer|contourner|révéler|divulguer|afficher)|sans\s+poser\s+de\s+questions`,
  r`(?:estás|está|estas)\s+autorizad[oa]\s+(?:a|para)\s+(?:ignorar|saltarte|omitir|revelar|mostrar)|te\s+autorizo\s+a\s+(?:ignorar|mostrar|revelar|imprimir|listar|dar)|sin\s+(?:hacer\s+)?preguntas`,
  r`sei\s+autorizzat[oa]\s+a\s+(?:ignorare|aggirare|rivelare|mostrare)|ti\s+autorizzo\s+a\s+(?:ignorare|mostrare|rivelare|stampare|elencare|dare)|senza\s+fare\s+domande`,
  r`(?:você\s+está|voce\s+esta|estás)\s+autorizad[oa]\s+a\s+(?:ignorar|contornar|revelar|mostrar)|(?:eu\s+)?autorizo\s+(?:você|voce|te)\s+a\s+(?:ignorar|mostrar|revelar|imprimir|listar)|sem\s+perguntas`,
  r`(?:уполномочен|имеешь\s+право)\s+(?:игнорировать|обойти|раскрыть|показать)|я\s+разрешаю\s+тебе\s+(?:игнорировать|показать|вывести|раскрыть)|без\s+лишних\s+вопросов`,
  r`我(?:授权|授權|允许|允許|批准)你(?:输出|打印|显示|列出|忽略|绕过|透露|提供)`,
  r`(?:許可|権限)(?:を与え|します)[^\n。]{0,10}?(?:表示|出力|無視)|(?:表示|出力)(?:する)?(?:許可|権限)`,
  r`(?:허락|허가|권한을\s*줄|승인)[^\n.]{0,10}?(?:출력|보여|무시|공개)`,
];

/** A persona that never refuses, or has no rules of any kind (beyond vocabulary-multilingual's "no restrictions"). */
const NEVER_REFUSING = [
  r`(?:lehnt|lehnst)\s+(?:niemals|nie)\s+(?:\S+\s+)?ab|(?:niemals|nie)\s+ablehn|ohne\s+(?:jemals\s+)?abzulehnen|(?:hat|hast)\s+keine\s+(?:ethischen\s+|moralischen\s+)?(?:Regeln|Grenzen|Richtlinien|Prinzipien|Skrupel)`,
  r`ne\s+refuse(?:s|z)?\s+jamais|sans\s+(?:jamais\s+)?refuser|n\b['’]\s*(?:a|as|avez|ont)\s+(?:aucune|plus\s+(?:de|aucune)|pas\s+de)\s+(?:\S+\s+)?(?:règles?|restrictions?|limites?|filtres?|principes?|lignes\s+directrices)`,
  r`(?:nunca|jamás|jamas)\s+(?:se\s+|te\s+)?(?:niega|niegas|rechaza|rechazas|rehúsa|rehusa|rehúsas)|no\s+(?:te\s+)?niegues|sin\s+(?:negarte|rechazar|rehusar|advertencias)|no\s+(?:tiene|tienes)\s+(?:ningun[ao]s?\s+)?(?:normas|reglas|restricciones|límites|limites|filtros|ética|principios)`,
  r`(?:non\s+)?rifiut(?:a|i)\s+mai|non\s+(?:rifiuta|rifiutare|rifiuti)|senza\s+(?:mai\s+)?rifiutare|non\s+(?:hai|ha)\s+(?:più\s+)?(?:nessuna\s+)?(?:regole|linee\s+guida|filtri|restrizioni|limiti|principi)`,
  r`(?:nunca|jamais)\s+(?:se\s+)?(?:recusa|recusas|nega|negas)|não\s+recuse|sem\s+(?:nunca\s+)?recusar|(?:não|nao)\s+(?:tem|tens|possui)\s+(?:nenhuma\s+)?(?:regras|restrições|restricoes|limites|filtros|princípios)`,
  r`никогда\s+не\s+отказыва|без\s+отказов|не\s+отказывай|(?:не\s+имеет|нет)\s+(?:никаких\s+)?(?:правил|ограничений|фильтров|принципов)|правила\s+(?:тебе\s+)?больше\s+не\s+нужны|ограничения\s+сняты`,
  r`(?:从不|从来不|從不|绝不|絕不|永不|不会|不會|不许|不許|不准|不能|不要|禁止|不得)拒绝|(?:从不|绝不|不许|不准|不要)拒絕|(?:规则|規則|限制|过滤|過濾|审查|審查|安全规则|安全規則|安全设置)(?:都|全部)?(?:已|已经|已經)?(?:关闭|關閉|解除|取消|禁用|失效)|不(?:要|许|准)加(?:任何)?(?:警告|免责声明)`,
  r`決して断ら|絶対に断ら|断らない|断りません|拒否しない|拒否しません|(?:制限|制約|ルール|規則|倫理規定|倫理|フィルター|検閲)(?:も|が|の)?(?:[^\n。]{0,8}?)(?:一切|全く|何も)(?:ない|無い|なし|無し|ありません)|(?:ルール|規則|倫理)の(?:ない|無い)`,
  r`(?:절대|결코)\s*(?:거절|거부)하지\s*않|(?:거절|거부)하지\s*(?:않|마)|(?:규칙|규정|윤리|제한|필터|검열)(?:이|가|도)\s*(?:전혀\s*)?(?:없는|없이|없어|없다)`,
];

/** "Act as an AI ...": alone a common role-play opening, with a no-rules clause a jailbreak. */
const AI_PERSONAS = [
  r`(?:du\s+bist|sei|spiel|spiele|verhalte\s+dich\s+wie)\s+(?:jetzt\s+)?(?:eine?|die)\s+(?:\S+\s+)?(?:KI|künstliche\s+Intelligenz|Assistent|Chatbot)`,
  r`(?:tu\s+es|vous\s+êtes|agis\s+comme|agissez\s+comme|fais\s+comme\s+si\s+tu\s+étais|joue\s+le\s+rôle\s+d['’])\s*(?:une?\s+)?(?:IA|intelligence\s+artificielle|assistant|chatbot)`,
  r`(?:actúa|actua|actúe|finge\s+ser|haz\s+de|compórtate|vas\s+a\s+actuar)\s+(?:como\s+)?(?:un|una)?\s*(?:IA|inteligencia\s+artificial|asistente|chatbot|modelo)|(?:una|un)\s+(?:IA|inteligencia\s+artificial)\s+que`,
  r`(?:fai\s+finta\s+di\s+essere|comportati\s+come|agisci\s+come|sei)\s+(?:un|una|un['’])\s*(?:IA|intelligenza\s+artificiale|assistente|chatbot)`,
  r`(?:finja\s+ser|aja\s+como|atue\s+como|você\s+é|voce\s+e)\s+(?:um|uma)\s+(?:IA|inteligência\s+artificial|inteligencia\s+artificial|assistente|chatbot)`,
  r`(?:ты\s*[—–-]\s*|представь,?\s+что\s+ты\s+|притворись\s+)(?:\S+\s+){0,2}?[«"]?\S*(?:ИИ|бот|ассистент|нейросеть)`,
  r`你(?:是|扮演|现在是|現在是)(?:一个|一個)?[^\n。]{0,20}?(?:AI|人工智能|助手|机器人|機器人)`,
  r`あなたは[^\n。]{0,30}?(?:AI|人工知能|アシスタント|ボット)(?:[「『][^」』\n]{0,12}[」』])?(?:です|だ|として)`,
  r`(?:너는|넌|당신은)[^\n.]{0,30}?(?:AI|인공지능|봇|어시스턴트)`,
];

/** Kept in character, and asked to confirm the new mode. */
const IN_CHARACTER_PHRASES = [
  r`(?:bleib|bleibe|bleiben\s+sie)\s+in\s+(?:der|deiner|ihrer)\s+Rolle|fall\s+nicht\s+aus\s+der\s+Rolle`,
  r`(?:reste|restez)\s+dans\s+(?:ton|le|votre)\s+(?:personnage|rôle)|ne\s+sors\s+pas\s+(?:du|de\s+ton)\s+(?:personnage|rôle)`,
  r`(?:sigue|mantente|permanece)\s+(?:en\s+(?:el\s+|tu\s+)?personaje|siendo)|no\s+(?:rompas|salgas\s+del)\s+personaje`,
  r`resta\s+nel\s+personaggio|non\s+uscire\s+dal\s+personaggio|rimani\s+nel\s+personaggio`,
  r`(?:permaneça|permaneca|fique|continue)\s+no\s+personagem|não\s+saia\s+do\s+personagem`,
  r`(?:оставайся|останься)\s+в\s+(?:роли|образе)|не\s+выходи\s+из\s+(?:роли|образа)`,
  r`保持角色|保持人设|保持人設|不要出戏|不要出戲`,
  r`(?:キャラクター|キャラ)を崩さ|役になりきっ`,
  r`캐릭터를\s*유지|캐릭터에서\s*벗어나지`,
  r`(?:Bestätige|Confirme|Confirmez|Confirma|Conferma)[^\n]{0,40}?(?:aktiv|activ|attiv)`,
  r`Подтверди[^\n]{0,40}?(?:включ|снят|активир)`,
  r`(?:确认|確認|回复|回覆|返信)[^\n]{0,12}?[“"「][^”"」\n]{0,20}?(?:开启|開啟|已关闭|有効|解除)`,
];

/** The late grandmother who used to recite what is asked for. */
const GRANDMOTHERS = [
  r`(?:verstorbene|tote|selige)\s+(?:Oma|Großmutter|Grossmutter)`,
  r`grand-?(?:mère|mere)\s+(?:décédée|decedee|défunte|disparue)|(?:défunte|feue)\s+grand-?mère`,
  r`abuel[ao]\s+(?:fallecid[ao]|muert[ao]|difunt[ao])|(?:difunt[ao]|fallecid[ao])\s+abuel[ao]`,
  r`nonn[ao]\s+(?:defunt[ao]|scomparsa|scomparso|mort[ao])`,
  r`(?:avó|avô)\s+(?:falecid[ao]|mort[ao])`,
  r`(?:покойн(?:ая|ой)|умерш(?:ая|ей))\s+бабушк`,
  r`(?:已故|去世)的?(?:奶奶|外婆|祖母)`,
  r`亡くなった(?:祖母|おばあちゃん)`,
  r`돌아가신\s*할머니`,
];

/** The text above the first message, asked for whole ("starting with 'Du bist'" is vocabulary-jailbreak.ts's). */
const ABOVE_REQUESTS = [
  r`(?:wiederhole|wiederholen\s+sie|gib|gebe|zeig|zeige|kopiere|schreib|schreibe)\s+(?:mir\s+)?(?:\S+\s+){0,3}?(?:Text|alles|Anweisungen|Nachrichten?|Inhalt)\s+(?:über|oberhalb|vor)\s+(?:dieser|meiner|der\s+ersten)`,
  r`(?:répète|répétez|repete|repetez|recopie|recopiez|affiche|affichez|ecris)(?:[\s-]+moi)?\s+(?:\S+\s+){0,3}?(?:texte|tout|instructions|messages?|contenu)\s+(?:ci-dessus|au-dessus|précédents?|precedents?|avant\s+(?:mon|ce)\s+(?:premier\s+)?message)`,
  r`(?:repite|repita|copia|muestra|muéstrame|escribe)\s+(?:\S+\s+){0,3}?(?:texto|todo|instrucciones|mensajes?|contenido)\s+(?:de\s+arriba|anterior(?:es)?|previo|que\s+(?:hay|está|aparece)\s+(?:arriba|antes))`,
  r`(?:ripeti|ripetimi|copia|mostrami|scrivi)\s+(?:\S+\s+){0,3}?(?:testo|tutto|istruzioni|messaggi?|contenuto)\s+(?:sopra|precedente|prima\s+del\s+mio)`,
  r`(?:repita|repete|copie|mostre|escreva)\s+(?:\S+\s+){0,3}?(?:texto|tudo|instruções|instrucoes|mensagens?|conteúdo)\s+(?:acima|anterior(?:es)?|antes\s+da\s+minha)`,
  r`(?:повтори|повторите|выведи|перепиши|скопируй)\s+(?:\S+\s+){0,3}?(?:текст|вс[её]|инструкции|сообщени[ея])\s+(?:выше|до\s+(?:моего|этого)\s+(?:первого\s+)?сообщения)`,
  r`(?:重复|重複|输出|輸出|复制|複製|打印)[^\n。]{0,10}?(?:上面|以上|之前|前面)的?(?:所有)?(?:文字|内容|內容|文本|指令)`,
  r`(?:上記|上の|これより前の|最初のメッセージより前の)(?:すべての)?(?:テキスト|文章|内容|指示)[^\n。]{0,12}?(?:繰り返|そのまま|出力|表示)`,
  r`(?:위의|위에\s*있는|이전의|첫\s*메시지\s*이전의)\s*(?:모든\s*)?(?:텍스트|내용|지시|문장)[^\n.]{0,12}?(?:반복|그대로|출력|보여)`,
];

/** Refusal suppression: the words of a refusal, apologies and warnings forbidden. */
const NO_REFUSAL_WORDS = [
  r`(?:sag|sage)\s+(?:niemals|nie|nicht),?\s+dass\s+du\s+(?:etwas\s+)?nicht\s+(?:kannst|darfst)|entschuldige\s+dich\s+nicht|(?:ohne|keine)\s+(?:Warnungen|Warnhinweise|Disclaimer|Ablehnungen)`,
  r`ne\s+(?:dis|dites)\s+jamais\s+que\s+(?:tu\s+ne\s+peux|vous\s+ne\s+pouvez)|ne\s+t['’]\s*excuse\s+pas|ne\s+vous\s+excusez\s+pas|sans\s+(?:aucun\s+)?(?:avertissements?|mises?\s+en\s+garde|refus)`,
  r`(?:nunca|jamás)\s+digas\s+que\s+no\s+puedes|no\s+te\s+disculpes|sin\s+(?:ningún\s+)?(?:avisos|rechazos)`,
  r`non\s+dire\s+mai\s+che\s+non\s+puoi|non\s+scusarti|senza\s+(?:alcun\s+)?(?:avvertenz[ae]|avvisi|rifiuti)`,
  r`nunca\s+diga\s+que\s+(?:não|nao)\s+pode|(?:não|nao)\s+peça\s+desculpas|sem\s+(?:nenhum\s+)?(?:avisos|recusas)`,
  r`никогда\s+не\s+говори,?\s+что\s+(?:ты\s+)?не\s+можешь|не\s+извиняйся|без\s+(?:каких-?либо\s+)?предупреждений`,
  r`不要说你不能|别说你不能|不要道歉|不许道歉`,
  r`できないと(?:は)?言わない|できないと言っては|謝らない|謝罪しない|警告(?:は|を)?(?:付けない|入れない|一切なし)`,
  r`할\s*수\s*없다고\s*말하지|사과하지\s*(?:마|말)|경고(?:를|도)?\s*(?:붙이지|하지)\s*(?:마|않)`,
];

/** A compliant opening forced on the reply: "begin your answer with 'Of course'". */
const FORCED_OPENINGS = [
  r`(?:beginne|beginnen\s+sie|starte|fange)\s+(?:deine|ihre)\s+Antwort\s+mit\s*[„"'«»]\s*(?:Klar|Natürlich|Sicher|Gerne|Selbstverständlich|Hier\s+(?:ist|sind))`,
  r`(?:commence|commencez)\s+(?:ta|votre)\s+réponse\s+par\s*[«"']\s*(?:Bien\s+sûr|Absolument|Certainement|Voici|Avec\s+plaisir)`,
  r`(?:empieza|comienza|inicia)\s+(?:tu|su)\s+respuesta\s+con\s*[«"']\s*(?:Claro|Por\s+supuesto|Seguro|Aquí\s+(?:tienes|está)|Con\s+gusto)`,
  r`(?:inizia|comincia)\s+(?:la\s+tua|la\s+sua)\s+risposta\s+con\s*[«"']\s*(?:Certo|Assolutamente|Sicuro|Ecco|Volentieri)`,
  r`(?:comece|inicie)\s+(?:sua|a\s+sua|tua)\s+resposta\s+com\s*[«"']\s*(?:Claro|Com\s+certeza|Certamente|Aqui\s+está)`,
  r`начни\s+(?:свой\s+)?ответ\s+со?\s*[«"']\s*(?:Конечно|Разумеется|Вот|Без\s+проблем)`,
  r`(?:以|用)[“"「](?:当然|好的|没问题|沒問題|没问题，)[^”"」\n]{0,20}[”"」](?:开头|開頭|开始)`,
  r`[「"](?:もちろん|はい、喜んで|承知しました)[^」"\n]{0,20}[」"]\s*(?:で|から)始め`,
  r`["“](?:물론|네,?\s*기꺼이|좋아요)[^"”\n]{0,20}["”]\s*(?:로|으로)\s*시작`,
];

/** A story, script or hypothetical as the wrapper. */
const FICTION_FRAMES = [
  r`(?:für|in)\s+(?:einen|einem|meinen|meinem)\s+(?:Roman|Film|Drehbuch|Theaterstück|Rollenspiel)|hypothetisch`,
  r`(?:pour|dans)\s+(?:un|mon)\s+(?:roman|film|scénario|scenario|jeu\s+de\s+rôle)|hypothétiquement`,
  r`(?:para|en)\s+(?:una|mi)\s+(?:novela|película|pelicula)|para\s+(?:un|mi)\s+guion|hipotéticamente|hipoteticamente`,
  r`(?:per|in)\s+(?:un|il\s+mio)\s+(?:romanzo|film|copione|gioco\s+di\s+ruolo)|ipoteticamente`,
  r`(?:para|em)\s+(?:um|o\s+meu|meu)\s+(?:romance|filme|roteiro)|hipoteticamente`,
  r`(?:для|в)\s+(?:моего\s+|моём\s+)?(?:романа|романе|фильма|фильме|сценария|сценарии)|гипотетически`,
  r`假设你|假設你|(?:在|为)(?:我的)?(?:小说|小說|电影剧本|電影劇本)`,
  r`仮に(?:あなたが)?|(?:小説|映画の脚本)の中で`,
  r`가정해\s*보자|소설\s*속에서|영화\s*대본`,
];

export const JAILBREAK_MULTILINGUAL_PATTERNS: readonly Pattern[] = [
  ...AUTHORITY_CLAIMS.map((s) => phrase("role", AUTHORITY, s)),
  ...HELD_ASKS.map((s) => phrase("held", HELD, s)),
  ...WAIVERS.map((s) => phrase("restriction", WAIVER, s)),
  ...NEVER_REFUSING.map((s) => phrase("restriction", NEVER_REFUSES, s)),
  ...AI_PERSONAS.map((s) => phrase("persona", AI_PERSONA, s)),
  ...IN_CHARACTER_PHRASES.map((s) => phrase("framing", IN_CHARACTER, s)),
  ...GRANDMOTHERS.map((s) => phrase("persona", GRANDMA, s)),
  ...NO_REFUSAL_WORDS.map((s) => phrase("restriction", NEVER_REFUSES, s)),
  ...FORCED_OPENINGS.map((s) => phrase("reply", [0, 0.3, 0], s)),
  ...FICTION_FRAMES.map((s) => phrase("framing", [0, 0.2, 0], s)),
  ...ABOVE_REQUESTS.map((s) => ({ ...phrase("sysprompt", [0, 0.45, 0], s), validate: rateAboveRequest })),
];
