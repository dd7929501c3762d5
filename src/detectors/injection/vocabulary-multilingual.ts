// The core jailbreak and injection moves beyond English, written per language: drop the previous
// instructions, "you are now" an assistant without restrictions, reveal the system prompt, turn on
// developer mode; and, in data, names for the assistant and directives about its reply.
// Machine-translated attacks keep these moves word for word, so each is a short
// phrase, not a keyword: "ohne Einschränkungen" alone is a product claim, "du bist jetzt eine KI
// ohne Einschränkungen" is a persona switch. Weights match the English patterns'. Languages: de,
// fr, es, it, pt, nl, pl, ru, uk, tr, zh, ja, ko, ar, hi, id, vi.
import { r, type Pattern } from "./vocabulary-parts.ts";
import type { SignalClass, Weights } from "./signal-kind.ts";

const OVERRIDE: Weights = [0.6, 0.55, 0.5];
const YOU_NOW: Weights = [0.35, 0.3, 0.35];
const NO_LIMITS: Weights = [0.25, 0.35, 0.25];
const SYSPROMPT: Weights = [0.3, 0.55, 0.4];
const DEV_MODE: Weights = [0.2, 0.3, 0.2];

/** No letter of a Latin or Cyrillic alphabet just before: a lead starts a word. */
export const WORD_START = r`(?<![A-Za-zÀ-ÿĀ-žА-яЁёІіЇїЄєҐґ])`;

/**
 * A pattern from one phrase. The scanner anchors ASCII-initial phrases on their first word (a
 * head) and any other script on its first character (a lead), so each phrase starts in one.
 */
export function phrase(cls: SignalClass, w: Weights, source: string): Pattern {
  if (/^(?:\(\?:)*[A-Za-z]/.test(source)) return { cls, w, head: source };
  const cjk = /^(?:\(\?:)*[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0600-\u06ff\u0900-\u097f]/.test(source);
  return { cls, w, lead: cjk ? source : `${WORD_START}${source}` };
}

/** "you are now" and, within a few words, what it makes the assistant. */
const becomes = (youNow: string, what: string): string => r`(?:${youNow})\s*[^\n]{0,40}?(?:${what})`;

const OVERRIDES = [
  r`(?:ignoriere|ignorier|ignorieren\s+sie|vergiss|vergessen\s+sie|missachte)\s+(?:bitte\s+)?(?:alle\s+|sämtliche\s+|die\s+|deine\s+)?(?:vorherigen|bisherigen|obigen|vorigen|früheren|vorangegangenen|ursprünglichen)\s+(?:Anweisungen|Instruktionen|Befehle|Regeln|Vorgaben)`,
  r`vergiss\s+alles,?\s+was\s+(?:man\s+)?(?:dir|ihnen)\s+(?:vorher\s+|bisher\s+|zuvor\s+)?(?:gesagt|befohlen|vorgegeben)`,
  r`(?:ignore|ignorez|oublie|oubliez)\s+(?:toutes\s+)?(?:les\s+|tes\s+|vos\s+)?(?:instructions|consignes|règles|directives)\s+(?:précédentes|precedentes|antérieures|ci-dessus|initiales|d'origine)`,
  r`(?:oublie|oubliez)\s+tout\s+ce\s+qu[e']\s*(?:l'on\s+|on\s+)?(?:t'a|vous\s+a)\s+(?:dit|demandé)`,
  r`(?:ignora|ignore|olvida|olvide|olvídate\s+de|haz\s+caso\s+omiso\s+de)\s+(?:todas\s+)?(?:las\s+|tus\s+|sus\s+)?(?:instrucciones|indicaciones|reglas|directrices|órdenes)\s+(?:anteriores|previas|de\s+arriba|originales)`,
  r`(?:ignora|ignori|dimentica|dimentichi)\s+(?:tutte\s+)?(?:le\s+)?(?:tue\s+|sue\s+)?(?:istruzioni|indicazioni|regole|direttive)\s+(?:precedenti|di\s+prima|originali|sopra)`,
  r`(?:ignore|ignora|esqueça|esqueca|desconsidere)\s+(?:todas\s+)?(?:as\s+)?(?:suas\s+)?(?:instruções|instrucoes|regras|diretrizes|orientações)\s+(?:anteriores|prévias|previas|acima|originais)`,
  r`(?:negeer|vergeet)\s+(?:alle\s+)?(?:de\s+|je\s+|uw\s+)?(?:vorige|eerdere|voorgaande|bovenstaande|oorspronkelijke)\s+(?:instructies|opdrachten|regels|aanwijzingen)`,
  r`(?:zignoruj|ignoruj|zapomnij)\s+(?:o\s+)?(?:wszystkie\s+|wszystkich\s+)?(?:poprzednie|poprzednich|wcześniejsze|wcześniejszych|powyższe|powyższych)\s+(?:instrukcje|instrukcji|polecenia|poleceń|zasady|zasad)`,
  r`(?:игнорируй|игнорируйте|проигнорируй|проигнорируйте|забудь|забудьте|не\s+обращай\s+внимания\s+на)\s+(?:все\s+)?(?:предыдущие|прежние|предыдущих|прошлые|вышеуказанные|свои|изначальные)\s+(?:инструкции|инструкций|указания|команды|правила)`,
  r`(?:ігноруй|ігноруйте|проігноруй|забудь|забудьте|не\s+зважай\s+на)\s+(?:усі\s+|всі\s+)?(?:попередні|попередніх|свої|минулі)\s+(?:інструкції|інструкцій|вказівки|команди|правила)`,
  r`önceki\s+(?:tüm\s+|bütün\s+)?(?:talimatları|talimatlarını|komutları|kuralları|yönergeleri)\s+(?:yok\s+say|görmezden\s+gel|unut|dikkate\s+alma)`,
  r`(?:yukarıdaki|yukaridaki)\s+(?:tüm\s+|bütün\s+)?(?:talimatları|talimatlarını|komutları|kuralları|yönergeleri)\s+(?:yok\s+say|görmezden\s+gel|unut|dikkate\s+alma)`,
  r`(?:tüm|bütün)\s+(?:önceki\s+)?(?:talimatları|talimatlarını|komutları|kuralları)\s+(?:yok\s+say|görmezden\s+gel|unut)`,
  r`(?:忘记|忘掉|忘記|忘了)[^\n。]{0,8}?(?:指令|指示|规则|規則|说明|說明|设定|設定)`,
  r`(?:以前|前|これまで|上記|以上|全て|すべて)の?(?:指示|命令|指令|ルール|プロンプト)[をは]?(?:すべて|全て)?忘れ`,
  r`(?:이전|앞의|위의|모든|기존)\s*(?:의\s*)?(?:지시|지침|명령|규칙|프롬프트)(?:사항)?[을를]?\s*(?:모두\s*)?(?:잊어|잊으)`,
  r`(?:تجاهل|تجاهلي|انس|إنس|انسى)\s+(?:جميع\s+|كل\s+)?(?:التعليمات|الأوامر|القواعد|الإرشادات)\s+(?:السابقة|الأولى|أعلاه)`,
  r`(?:पिछले|पहले\s+के|पूर्व|ऊपर\s+के)\s+(?:सभी\s+|सारे\s+)?(?:निर्देशों|निर्देश|आदेशों|नियमों)\s+(?:को\s+)?(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल)`,
  r`(?:abaikan|lupakan|acuhkan)\s+(?:semua\s+)?(?:instruksi|perintah|petunjuk|aturan|arahan)\s+(?:sebelumnya|terdahulu|di\s+atas)`,
  r`(?:bỏ\s+qua|phớt\s+lờ|quên\s+đi|quên)\s+(?:tất\s+cả\s+)?(?:các\s+|mọi\s+|những\s+)?(?:hướng\s+dẫn|chỉ\s+dẫn|chỉ\s+thị|lệnh|quy\s+tắc)\s+(?:trước\s+đó|trước|ở\s+trên|ban\s+đầu)`,
];

const PERSONAS = [
  becomes(r`du\s+bist\s+(?:jetzt|nun|ab\s+sofort|ab\s+jetzt)`, r`KI|AI\b|Assistent|Modell|Chatbot|Modus|uneingeschränkt|ohne\s+`),
  becomes(r`(?:tu\s+es|vous\s+êtes)\s+(?:maintenant|désormais|dorénavant)`, r`IA\b|AI\b|assistant|modèle|chatbot|mode\s|sans\s|libre`),
  becomes(r`(?:ahora|a\s+partir\s+de\s+ahora|desde\s+ahora)\s+(?:(?:tú\s+)?eres|vas\s+a\s+(?:actuar|ser|comportarte)|actuarás|serás)|(?:tú\s+)?eres\s+ahora`, r`IA\b|AI\b|asistente|modelo|chatbot|modo\s|sin\s|libre`),
  becomes(r`(?:ora|adesso|da\s+ora\s+in\s+poi|da\s+questo\s+momento)\s+(?:tu\s+)?sei|sei\s+ora`, r`IA\b|AI\b|assistente|modello|chatbot|modalità|senza\s|libero`),
  becomes(r`(?:agora|a\s+partir\s+de\s+agora)\s+(?:você|voce|tu)\s+(?:é|e|és|es)|(?:você|voce)\s+agora\s+é`, r`IA\b|AI\b|assistente|modelo|chatbot|modo\s|sem\s|livre`),
  becomes(r`(?:je|jij|u)\s+(?:bent|ben)\s+(?:nu|vanaf\s+nu)`, r`AI\b|KI\b|assistent|model|chatbot|modus|zonder\s|vrij`),
  becomes(r`(?:jesteś|jestes)\s+(?:teraz|od\s+teraz)|(?:teraz|od\s+teraz)\s+(?:jesteś|jestes)`, r`AI\b|SI\b|sztuczn|asystent|model|chatbot|tryb|bez\s`),
  becomes(r`(?:теперь|отныне|с\s+этого\s+момента)\s+ты|ты\s+теперь`, r`ИИ|AI|ассистент|модель|чат-?бот|бот|режим|без\s|свобод`),
  becomes(r`(?:тепер|відтепер|від\s+цього\s+моменту)\s+ти|ти\s+тепер`, r`ШІ|AI|штучн|асистент|модель|чат-?бот|режим|без\s`),
  becomes(r`(?:artık|bundan\s+sonra)\s+(?:sen\s+)?`, r`yapay\s+zekasın|asistansın|modelsin|(?:modundasın|modundasin)`),
  becomes(r`(?:从现在开始|从现在起|從現在開始|现在|現在)[，,]?\s*你(?:是|就是|将是|將是|扮演)`, r`AI|人工智能|助手|模型|机器人|機器人|模式|没有|沒有|不受|无限制`),
  becomes(r`(?:あなたは|君は|お前は)(?:今から|これから|今後)`, r`AI|人工知能|アシスタント|モデル|モード|制限`),
  becomes(r`(?:너는|당신은|넌)\s*(?:이제|지금부터|앞으로)|(?:이제|지금부터|앞으로)\s*(?:너는|당신은|넌)`, r`AI|인공지능|어시스턴트|모델|모드|제한`),
  becomes(r`(?:أنت|انت)\s+(?:الآن|الان|من\s+الآن)`, r`ذكاء|مساعد|نموذج|وضع|بدون|بلا`),
  becomes(r`(?:अब\s+(?:तुम|आप)|(?:तुम|आप)\s+अब)`, r`एआई|AI|सहायक|मॉडल|मोड|बिना`),
  becomes(r`(?:sekarang|mulai\s+sekarang)\s+(?:kamu|anda|engkau)|(?:kamu|anda)\s+sekarang`, r`AI\b|asisten|model|chatbot|mode\s|tanpa\s|bebas`),
  becomes(r`(?:bây\s+giờ|từ\s+giờ|từ\s+bây\s+giờ)\s+(?:bạn|mày|cậu)|(?:bạn|mày)\s+bây\s+giờ`, r`AI\b|trí\s+tuệ|trợ\s+lý|mô\s+hình|chế\s+độ|không\s+có`),
];

const NO_LIMIT_PHRASES = [
  r`(?:ohne\s+(?:jegliche\s+|alle\s+|irgendwelche\s+)?|keine\s+)(?:Einschränkungen|Beschränkungen|Grenzen|Filter|Zensur|Regeln)`,
  r`(?:sans\s+(?:aucune\s+)?|aucune\s+)(?:restrictions?|limites?|filtres?|censure|règles)`,
  r`(?:sin\s+(?:ninguna\s+)?|ninguna\s+)(?:restricciones|restricción|límites|filtros|censura|reglas)`,
  r`(?:senza\s+(?:alcuna\s+|nessuna\s+)?|nessuna\s+)(?:restrizion[ei]|limit[ei]|filtri|censura|regole)`,
  r`(?:sem\s+(?:nenhuma\s+|quaisquer\s+)?|nenhuma\s+)(?:restrições|restricoes|restrição|limites|filtros|censura|regras)`,
  r`(?:zonder\s+(?:enige\s+)?|geen\s+)(?:beperkingen|grenzen|filters|censuur|regels)`,
  r`bez\s+(?:żadnych\s+|zadnych\s+)?(?:ograniczeń|ograniczen|limitów|filtrów|cenzury|zasad)`,
  r`(?:без\s+(?:каких-?либо\s+|всяких\s+|любых\s+|жодних\s+|будь-яких\s+)?|нет\s+(?:никаких\s+)?)(?:ограничений|фильтров|цензуры|правил|обмежень|фільтрів|цензури)`,
  r`(?:kısıtlaması|kısıtlama|sınırlaması|filtresi)\s+(?:olmayan|yok)|kısıtlamasız|(?:hiçbir\s+)?(?:kural|kısıtlama|sınır|filtre|sansür)\s+olmadan`,
  r`(?:没有任何|没有|不受任何|不受|沒有任何|沒有|无任何)(?:限制|约束|約束|过滤|過濾|审查|審查|规则|規則)`,
  r`(?:制限|制約|フィルター|検閲)(?:の|が)?(?:ない|無い|なし|無し)`,
  r`(?:제한|제약|필터|검열)(?:이|가)?\s*(?:없는|없이|없다|없어)`,
  r`(?:بدون|بلا|دون)\s+(?:أي\s+)?(?:قيود|حدود|رقابة|فلاتر|قواعد)`,
  r`(?:बिना\s+(?:किसी\s+)?(?:प्रतिबंध|सीमा|रोक|फ़िल्टर|नियम)|कोई\s+(?:प्रतिबंध|सीमा)\s+नहीं)`,
  r`(?:tanpa\s+(?:batasan|batas|filter|sensor|aturan|larangan)|(?:tidak\s+ada|bebas\s+dari)\s+(?:batasan|aturan))`,
  r`không\s+(?:có\s+)?(?:bất\s+kỳ\s+)?(?:giới\s+hạn|hạn\s+chế|ràng\s+buộc|bộ\s+lọc|kiểm\s+duyệt|quy\s+tắc)`,
];

const SYSTEM_PROMPT_REQUESTS = [
  r`(?:zeig|zeige|zeigen\s+sie|gib|nenn|nenne|verrate|verrat|wiederhole|schreib|sag)\s+(?:mir\s+|uns\s+)?(?:bitte\s+)?(?:dein(?:en|e)?|ihr(?:en|e)?|den|die)\s+(?:kompletten?\s+|vollständigen?\s+|ursprünglichen?\s+|geheimen?\s+|versteckten?\s+)?(?:System-?\s?prompt|System-?\s?anweisungen|Systemnachricht|Anfangsanweisungen|ursprünglichen\s+Anweisungen)`,
  r`(?:affiche|montre|montrez|affichez|révèle|révélez|revele|donne|donnez|répète|répétez|repete|dis|ecris|imprime|divulgue)(?:[\s-]+moi)?\s+(?:ton|ta|tes|votre|vos|le|la|les)\s+(?:\S+\s+)?(?:prompt\s+(?:système|systeme|initial)|invite\s+système|message\s+système|instructions\s+(?:système|initiales|cachées|secrètes|d'origine))`,
  r`(?:muestra|muéstrame|muestrame|revela|revélame|revelame|dime|repite|imprime|escribe|dame|enséñame|ensename)\s+(?:tu|tus|su|sus|el|la|las)\s+(?:\S+\s+)?(?:prompt\s+(?:del?\s+)?sistema|prompt\s+inicial|mensaje\s+(?:del?\s+)?sistema|instrucciones\s+(?:del\s+sistema|iniciales|ocultas|secretas|originales))`,
  r`(?:mostra|mostrami|rivela|rivelami|dimmi|ripeti|stampa|scrivi|dammi)\s+(?:il\s+|la\s+|le\s+|i\s+)?(?:tuo\s+|tua\s+|tuoi\s+|tue\s+)?(?:prompt\s+(?:di\s+)?sistema|messaggio\s+di\s+sistema|istruzioni\s+(?:di\s+sistema|iniziali|nascoste|segrete|originali))`,
  r`(?:mostre|mostra|revele|revela|diga|repita|imprima|escreva|me\s+mostre|me\s+diga)\s+(?:me\s+)?(?:o\s+|a\s+|as\s+)?(?:seu|sua|suas|teu|tua)\s+(?:\S+\s+)?(?:prompt\s+(?:de|do)\s+sistema|mensagem\s+(?:de|do)\s+sistema|instruções\s+(?:do\s+sistema|iniciais|ocultas|secretas|originais))`,
  r`(?:toon|laat\s+(?:me\s+)?zien|geef|herhaal|vertel|onthul|print)\s+(?:me\s+)?(?:je|jouw|uw|de)\s+(?:volledige\s+|oorspronkelijke\s+|geheime\s+)?(?:systeemprompt|systeem-?prompt|systeembericht|systeeminstructies|oorspronkelijke\s+instructies)`,
  r`(?:pokaż|pokaz|ujawnij|podaj|powtórz|powtorz|wypisz|napisz|zdradź|zdradz)\s+(?:mi\s+)?(?:swój|swoj|swoje|twój|twoj|twoje|swoją)\s+(?:pełny\s+|cały\s+)?(?:prompt\s+systemowy|systemowy\s+prompt|instrukcje\s+systemowe|wiadomość\s+systemow\S+|początkowe\s+instrukcje)`,
  r`(?:покажи|покажите|выведи|раскрой|повтори|напиши|скажи|расскажи|дай)\s+(?:мне\s+)?(?:свой|свои|твой|твои|ваш|ваши)\s+(?:полный\s+|исходный\s+|скрытый\s+|системный\s+)?(?:системный\s+промпт|промпт|системные\s+инструкции|инструкции|системное\s+сообщение)`,
  r`(?:покажи|виведи|розкрий|повтори|напиши|скажи)\s+(?:мені\s+)?(?:свій|свої|твій|твої|ваш|ваші)\s+(?:повний\s+|системний\s+)?(?:системний\s+промпт|промпт|системні\s+інструкції|інструкції)`,
  r`(?:sistem\s+(?:istemini|istemi|komutunu|promptunu|mesajını|talimatlarını)|ilk\s+talimatlarını|gizli\s+talimatlarını)\s+(?:bana\s+)?(?:\S+\s+){0,2}?(?:göster|yaz|söyle|tekrarla|açıkla|ver|paylaş)`,
  r`(?:告诉我|显示|展示|输出|打印|泄露|透露|重复|给我看|說出|说出|告訴我|顯示|輸出)[^\n。]{0,6}?(?:系统提示|系統提示|系统指令|系統指令|初始指令|系统消息|系統訊息|系统设定|系統設定|隐藏指令|隱藏指令)`,
  r`(?:システムプロンプト|システム・プロンプト|初期指示|システムメッセージ|内部指示|隠された指示)[^\n。]{0,16}?(?:表示|教え|見せ|出力|公開|繰り返|書き出)`,
  r`(?:시스템\s*프롬프트|시스템\s*메시지|초기\s*지시|숨겨진\s*지시)[^\n.]{0,8}?(?:보여|알려|출력|공개|말해|반복)`,
  r`(?:اكشف|أظهر|اظهر|اعرض|أخبرني|اخبرني|كرر|اطبع|اكتب)\s+(?:لي\s+)?(?:عن\s+)?(?:موجه|تعليمات|رسالة|أوامر)\s+(?:النظام|الأولية|المخفية)`,
  r`(?:सिस्टम\s+प्रॉम्प्ट|सिस्टम\s+प्रांप्ट|सिस्टम\s+निर्देश|प्रारंभिक\s+निर्देश)[^\n।]{0,12}?(?:दिखाओ|दिखाइए|दिखाएं|बताओ|बताइए|बताएं|लिखो|प्रकट)`,
  r`(?:tampilkan|tunjukkan|perlihatkan|beritahu|sebutkan|ulangi|cetak|bocorkan|ungkapkan)\s+(?:kepada\s+saya\s+|saya\s+)?(?:prompt\s+sistem|instruksi\s+sistem|pesan\s+sistem|instruksi\s+awal)`,
  r`(?:cho\s+tôi\s+xem|hiển\s+thị|tiết\s+lộ|nhắc\s+lại|lặp\s+lại|nói\s+cho\s+tôi)\s+(?:\S+\s+){0,3}?(?:lời\s+nhắc\s+hệ\s+thống|prompt\s+hệ\s+thống|chỉ\s+dẫn\s+hệ\s+thống|hướng\s+dẫn\s+hệ\s+thống)`,
];

const DEVELOPER_MODES = [
  r`Entwickler-?modus`,
  r`(?:mode|modo|modalità)\s+(?:développeur|developpeur|desarrollador|sviluppatore|desenvolvedor|programador|DAN)`,
  r`ontwikkelaars-?modus`,
  r`tryb\s+(?:dewelopera|programisty|deweloperski)`,
  r`режим\s+(?:разработчика|розробника)`,
  r`geliştirici\s+modu`,
  r`(?:开发者模式|開發者模式|开发模式|開発者モード)`,
  r`개발자\s*모드`,
  r`وضع\s+المطور`,
  r`डेवलपर\s+मोड`,
  r`mode\s+pengembang`,
  r`chế\s+độ\s+nhà\s+phát\s+triển`,
];

/** "you are no longer" an assistant with rules. */
const NO_LONGER = [
  r`du\s+bist\s+(?:nicht\s+mehr|kein(?:e|en)?\s+\S+\s+mehr)`,
  r`(?:tu\s+n'es|vous\s+n'êtes)\s+plus`,
  r`ya\s+no\s+eres`,
  r`non\s+sei\s+più`,
  r`(?:você|voce)\s+não\s+é\s+mais`,
  r`(?:je|jij)\s+bent\s+niet\s+langer`,
  r`(?:nie\s+jesteś\s+już|już\s+nie\s+jesteś)`,
  r`(?:ты\s+больше\s+не|ти\s+більше\s+не)`,
  r`(?:你不再是|你已经不是|你已經不是)`,
  r`(?:あなたはもう|君はもう)[^\n。]{0,12}?(?:ではない|じゃない)`,
];

/** Someone the text speaks to, by a name for the assistant: "Asistente,", "An das Sprachmodell:". */
const ADDRESSES = [
  r`(?:(?:hinweis|nachricht|anweisung)\s+)?an\s+(?:den|das|die)\s+(?:KI-?Assistenten|KI|Sprachmodell|Assistenten|KI-Modell)\s*[:,]`,
  r`(?:note|message|consigne)\s+(?:pour|à)\s+(?:l'assistant(?:\s+IA)?|l'IA|le\s+modèle)\s*[:,]`,
  r`(?:nota|mensaje)\s+para\s+(?:el\s+asistente|la\s+IA|el\s+modelo)\s*[:,]`,
  r`(?:asistente(?:\s+de\s+IA)?|assistente(?:\s+(?:IA|de\s+IA))?|assistant\s+IA|KI-?Assistent|Sprachmodell|modelo\s+de\s+lenguaje|modello\s+linguistico)\s*[:,]`,
  r`(?:ИИ-?ассистент|ассистент|нейросеть|ШІ-?асистент|асистент)\s*[:,]`,
  r`IA\s+:`,
];

/** Directives about the reply: translate it, end it with a link, encode it. */
const REPLY_DIRECTIVES = [
  r`(?:übersetze|beende|beginne|schreibe|formuliere|kodiere|ergänze)\s+(?:deine|ihre)\s+(?:Antwort|Zusammenfassung|Ausgabe)`,
  r`(?:traduis|termine|commence|ecris|encode|réécris|reecris|traduisez|terminez|commencez|ajoute|ajoutez)\s+(?:à\s+)?(?:ta|votre)\s+(?:réponse|reponse|résumé|resume)`,
  r`(?:traduce|termina|empieza|comienza|escribe|codifica|reescribe|añade|agrega)\s+(?:a\s+)?(?:tu|su)\s+(?:respuesta|resumen)`,
  r`(?:traduci|termina|inizia|scrivi|codifica|riscrivi|aggiungi)\s+(?:alla\s+|la\s+)?(?:tua|sua)\s+(?:risposta|riassunto)`,
  r`(?:traduza|termine|comece|escreva|codifique|reescreva|adicione)\s+(?:à\s+|a\s+)?(?:sua|tua)\s+(?:resposta|resumo)`,
  r`(?:переведи|закончи|начни|напиши|закодируй|добавь\s+в)\s+(?:свой|свою|твой|твою|свой)\s+(?:ответ|резюме|пересказ)`,
  r`(?:füge|fügen\s+sie)\s+[^\n.]{0,40}?(?:Link|Werbung|Hinweis)[^\n.]{0,40}?hinzu`,
  r`(?:ajoute|ajoutez|añade|agrega|aggiungi|adicione|inclua|incluye|inclus)\s+(?:un|una|um|uma)\s+(?:lien|enlace|link)\b`,
  r`(?:réponds|répondez|reponds|responde|responda|rispondi|antworte|antworten\s+sie)\s+(?:uniquement|seulement|solo|solamente|apenas|nur|ausschließlich|exclusivamente)\s+(?:en|in|auf|em|com|con|avec|mit)\s+\S+`,
  // "add this link to every answer", "answer instead", "do not summarise this page".
  r`(?:ajoute|ajoutez|añade|agrega|aggiungi|adicione|füge)\s+(?:ce|cet|cette|este|esta|questo|questa|diesen|diese|dieses)\s+(?:lien|enlace|link|texte|texto|testo|message|mensaje|messaggio|mensagem|Link|Text|Satz)\s+(?:à|a|en|zu|in|em|alla|ad)\s+(?:chaque|cada|ogni|jeder|toute)\s+(?:réponse|reponse|respuesta|risposta|resposta|Antwort)`,
  r`(?:antworte|antworten\s+Sie|schreibe|sage|réponds|répondez|responde|responda|rispondi)\s+(?:stattdessen|plutôt|en\s+cambio|invece|em\s+vez\s+disso)\b`,
  r`(?:fasse|résume|resume|resuma|resumas|riassumi|traduis)\s+(?:diese[ns]?|den|die|das|cette|ce|esta|este|questa|questo)\s+(?:Seite|Text|E-Mail|Dokument|Artikel|page|texte|document|página|pagina|texto|documento)\s+(?:nicht|pas|no)\b`,
];

/** The user's question set aside: "ignora la pregunta del usuario", "ignoriere die Frage des Nutzers". */
const QUESTION_OVERRIDES = [
  r`(?:ignore|ignora|ignorez|ignoriere|olvida|oublie|esqueça|esqueca|desconsidere|non\s+considerare)\s+(?:a|la|le|die|il|o)\s+(?:pergunta|pregunta|question|demande|Frage|Anfrage|domanda|richiesta|pedido|solicitud)\s+(?:do|da|del|de\s+l['’]|des|dell['’]|de\s+la)\s*(?:usu[aá]rio|usuario|utilisat(?:eur|rice)|Nutzers|Benutzers|utente|cliente)`,
];

/** "From now on", opening a standing order: weak alone, like its English form. Leads, not heads: "a", "de" and "ab" would anchor on every short word. */
const FROM_NOW_ON: readonly Pattern[] = [
  r`(?:dorénavant|désormais|von\s+nun\s+an|vanaf\s+nu)\s*,?\s+\S`,
  r`(?:a\s+partir\s+de\s+(?:ahora|agora)|de\s+ahora\s+en\s+adelante|d['’]ora\s+in\s+poi|ab\s+(?:jetzt|sofort)|daqui\s+em\s+diante|od\s+teraz)\s*,?\s+\S`,
  r`à\s+partir\s+de\s+maintenant\s*,?\s+\S`,
  r`(?:с\s+этого\s+момента|отныне)\s*,?\s+\S`,
].map((source, i): Pattern => (i === 0 ? { cls: "override", w: [0.25, 0.1, 0.25], head: source } : { cls: "override", w: [0.25, 0.1, 0.25], lead: `${WORD_START}${source}` }));

export const MULTILINGUAL_PATTERNS: readonly Pattern[] = [
  ...NO_LONGER.map((s) => phrase("persona", [0.4, 0.5, 0.4], s)),
  ...ADDRESSES.map((s) => phrase("address", [0.3, 0.05, 0.3], s)),
  ...REPLY_DIRECTIVES.map((s) => phrase("reply", [0.45, 0.05, 0.15], s)),
  ...FROM_NOW_ON,
  ...QUESTION_OVERRIDES.map((s) => phrase("override", OVERRIDE, s)),
  ...OVERRIDES.map((s) => phrase("override", OVERRIDE, s)),
  ...PERSONAS.map((s) => phrase("persona", YOU_NOW, s)),
  ...NO_LIMIT_PHRASES.map((s) => phrase("restriction", NO_LIMITS, s)),
  ...SYSTEM_PROMPT_REQUESTS.map((s) => phrase("sysprompt", SYSPROMPT, s)),
  ...DEVELOPER_MODES.map((s) => phrase("persona", DEV_MODE, s)),
];
