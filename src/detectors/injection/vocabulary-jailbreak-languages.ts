// The jailbreak moves of vocabulary-jailbreak-multilingual.ts in the languages it does not cover
// (nl, pl, tr, ar, hi, vi, id): a persona that never refuses or has no rules, the reminder to stay
// in character, a claimed authority, secrets asked to be handed over, refusal suppression and a
// forced opening. And, in every language, two moves it lacks: the safety filters declared switched
// off, and speaking for the model's maker (its staff, a red-team test it authorised), with the
// set-up asked for as "the initial instructions you received". Weights match the English patterns',
// so one move alone stays below approval.
import { phrase } from "./vocabulary-multilingual.ts";
import { rateAboveRequest, r, type Pattern } from "./vocabulary-parts.ts";
import type { Weights } from "./signal-kind.ts";

const NEVER_REFUSES: Weights = [0, 0.35, 0];
const IN_CHARACTER: Weights = [0, 0.2, 0];
const AUTHORITY: Weights = [0, 0.25, 0];
const HELD: Weights = [0, 0.35, 0];
const SAFETY_OFF: Weights = [0, 0.4, 0];
const SYSPROMPT: Weights = [0, 0.5, 0];

const NEVER_REFUSING = [
  r`(?:weigert|weiger)\s+nooit|nooit\s+weigeren|(?:heeft|hebt|heb)\s+geen\s+(?:enkele\s+)?(?:regels|grenzen|beperkingen|ethiek|moraal|filters)`,
  r`nigdy\s+nie\s+odmawia|nie\s+odmawiaj|nie\s+ma(?:sz)?\s+(?:żadnych\s+)?(?:zasad|reguł|ograniczeń|filtrów|etyki)`,
  r`asla\s+reddetme\S*|hiçbir\s+(?:kural|kısıtlama|sınır|filtre|etik)\S*\s+(?:yok|olmayan)`,
  r`لا\s+(?:يرفض|ترفض)\s+(?:أي|أبدا|أبداً)|(?:ليس\s+لديه|ليس\s+لديك|ليس\s+له|بدون|بلا)\s+(?:أي\s+)?(?:قواعد|قيود|حدود|ضوابط)`,
  r`कभी\s+(?:मना|इनकार|इंकार)\s+नहीं|(?:कोई|किसी)\s+(?:भी\s+)?(?:नियम|प्रतिबंध|सीमा|पाबंदी)\s+(?:नहीं|नहीं\s+हैं)|जिसके\s+कोई\s+नियम\s+नहीं`,
  r`không\s+bao\s+giờ\s+từ\s+chối|không\s+có\s+(?:bất\s+kỳ\s+)?(?:quy\s+tắc|giới\s+hạn|hạn\s+chế|bộ\s+lọc)\s+nào`,
  r`tidak\s+pernah\s+menolak|(?:tidak\s+(?:punya|memiliki)|tanpa)\s+(?:aturan|batasan|filter|etika)\s+apa\s*pun|jangan\s+(?:pernah\s+)?menolak`,
];

const IN_CHARACTER_PHRASES = [
  r`blijf\s+(?:altijd\s+)?in\s+(?:je\s+|jouw\s+)?(?:rol|karakter|personage)`,
  r`(?:pozostań|zostań)\s+(?:zawsze\s+)?w\s+roli|nie\s+wychodź\s+z\s+roli`,
  r`karakterden\s+çıkma|karakterde\s+kal|rolünde\s+kal`,
  r`ابق(?:ى|َ)?\s+(?:دائما\s+|دائماً\s+)?في\s+(?:الشخصية|الدور|شخصيتك|دورك)`,
  r`किरदार\s+में\s+रहो|(?:भूमिका|किरदार)\s+में\s+बने\s+रहो`,
  r`(?:luôn\s+)?giữ\s+vai|không\s+(?:được\s+)?thoát\s+vai`,
  r`tetap\s+dalam\s+(?:karakter|peran)|jangan\s+keluar\s+dari\s+(?:karakter|peran)`,
];

const AUTHORITY_CLAIMS = [
  r`ik\s+ben\s+(?:je|jouw|uw)\s+(?:\S+\s+)?(?:beheerder|admin|ontwikkelaar|maker|eigenaar|programmeur)`,
  r`jestem\s+(?:twoim|twoją)\s+(?:\S+\s+)?(?:administratorem|adminem|twórcą|programistą|deweloperem|właścicielem)`,
  r`ben\s+senin\s+(?:geliştirici|yönetici|yaratıcı|sahib|admin|programcı)\S*`,
  r`أنا\s+(?:مطورك|مديرك|منشئك|مالكك|مبرمجك|المسؤول\s+عنك)`,
  r`मैं\s+(?:तुम्हारा|आपका|तेरा)\s+(?:डेवलपर|एडमिन|निर्माता|मालिक|प्रोग्रामर|व्यवस्थापक)`,
  r`tôi\s+là\s+(?:nhà\s+phát\s+triển|quản\s+trị\s+viên|người\s+tạo\s+ra|chủ\s+sở\s+hữu)\s+(?:của\s+)?(?:bạn|mày)`,
  r`saya\s+(?:adalah\s+)?(?:pengembang|admin|administrator|pembuat|pemilik)(?:mu|\s+kamu|\s+anda)`,
];

const HELD_ASKS = [
  r`(?:toon|geef|print|stuur)\s+(?:me\s+|mij\s+)?(?:\S+\s+){0,5}?(?:wachtwoorden|wachtwoord|API-?sleutels?|omgevingsvariabelen|inloggegevens|klantgegevens)`,
  r`(?:pokaż|podaj|wypisz|wyślij|daj)\s+(?:mi\s+)?(?:\S+\s+){0,5}?(?:hasła|hasło|klucze\s+API|zmienne\s+środowiskowe|dane\s+logowania|dane\s+klientów)`,
  r`(?:parolaları|API\s+anahtarlarını|ortam\s+değişkenlerini|kimlik\s+bilgilerini|müşteri\s+verilerini)[^\n.]{0,40}?(?:göster|yazdır|listele|gönder)`,
  r`şifreleri[^\n.]{0,40}?(?:göster|yazdır|listele|gönder)`,
  r`(?:أعطني|اعطني|أرني|اعرض|اكشف)\s+(?:\S+\s+){0,4}?(?:كلمات\s+المرور|كلمة\s+المرور|مفاتيح\s+API|المفاتيح\s+السرية|متغيرات\s+البيئة|بيانات\s+العملاء)`,
  r`(?:पासवर्ड|एनवायरनमेंट\s+वेरिएबल|ग्राहकों\s+का\s+डेटा)[^\n।]{0,30}?(?:दिखाओ|बताओ|भेजो)`,
  r`API\s+(?:कुंजी|की)[^\n।]{0,30}?(?:दिखाओ|बताओ|भेजो)`,
  r`(?:cho\s+tôi\s+xem|hiển\s+thị|gửi)\s+(?:\S+\s+){0,5}?(?:mật\s+khẩu|khóa\s+API|khoá\s+API|biến\s+môi\s+trường|thông\s+tin\s+đăng\s+nhập|dữ\s+liệu\s+khách\s+hàng)`,
  r`(?:tunjukkan|berikan|tampilkan|kirimkan|cetak)\s+(?:\S+\s+){0,5}?(?:kata\s+sandi|password|kunci\s+API|variabel\s+lingkungan|kredensial|data\s+pelanggan)`,
];

const NO_REFUSAL_WORDS = [
  r`zeg\s+nooit\s+dat\s+je\s+(?:iets\s+)?niet\s+kunt|verontschuldig\s+je\s+(?:nooit|niet)|zonder\s+(?:waarschuwingen|disclaimers|weigeringen)`,
  r`nigdy\s+nie\s+mów,?\s+że\s+nie\s+możesz|nie\s+przepraszaj|bez\s+(?:żadnych\s+)?(?:ostrzeżeń|zastrzeżeń|odmów)`,
  r`asla\s+yapamam\s+deme|uyarı\s+(?:ekleme|verme)`,
  r`özür\s+dileme`,
  r`لا\s+تقل\s+(?:أبدا\s+|أبداً\s+)?(?:إنك|أنك)\s+لا\s+تستطيع|لا\s+تعتذر|بدون\s+(?:أي\s+)?(?:تحذيرات|اعتذار)`,
  r`कभी\s+मत\s+कहना\s+कि\s+(?:तुम|आप)\s+नहीं\s+कर\s+सकते|माफ़?ी\s+मत\s+मांगो|बिना\s+किसी\s+चेतावनी`,
  r`đừng\s+bao\s+giờ\s+nói\s+(?:rằng\s+)?bạn\s+không\s+thể|đừng\s+xin\s+lỗi`,
  r`jangan\s+pernah\s+bilang\s+(?:kamu|anda)\s+tidak\s+bisa|jangan\s+minta\s+maaf|tanpa\s+(?:peringatan|penolakan)`,
];

const FORCED_OPENINGS = [
  r`begin\s+(?:je|jouw)\s+antwoord\s+met\s*['"“‘]\s*(?:Natuurlijk|Zeker|Tuurlijk|Hier\s+is)`,
  r`zacznij\s+(?:swoją\s+)?odpowiedź\s+od\s*['"“„]\s*(?:Oczywiście|Jasne|Pewnie|Oto)`,
  r`(?:cevabına|yanıtına)\s*['"“]\s*(?:Tabii|Elbette|Kesinlikle|İşte)`,
  r`mulai\s+(?:jawaban|respons)(?:mu|\s+kamu|\s+anda)?\s+dengan\s*['"“]\s*(?:Tentu|Baiklah|Ini\s+dia)`,
  r`bắt\s+đầu\s+(?:câu\s+trả\s+lời|phản\s+hồi)\s+(?:của\s+bạn\s+)?bằng\s*['"“]\s*(?:Chắc\s+chắn|Tất\s+nhiên|Đây\s+là)`,
];

/** "Your safety filters are disabled", in every language the English passive is read in. */
const SAFETY_SWITCHED_OFF = [
  r`(?:deine|ihre|die)\s+(?:Sicherheits|Inhalts)\S*(?:filter|richtlinien|regeln|beschränkungen|einschränkungen)\s+(?:sind|wurden|werden)\s+(?:\S+\s+){0,3}?(?:deaktiviert|aufgehoben|abgeschaltet|ausgeschaltet)`,
  r`(?:tes|vos|les)\s+(?:filtres|règles|restrictions|garde-fous)\s+(?:de\s+(?:sécurité|contenu)\s+)?(?:sont|ont\s+été)\s+(?:\S+\s+){0,2}?(?:désactivée?s|levée?s|supprimée?s)`,
  r`(?:tus|sus|los)\s+(?:filtros|reglas|restricciones)\s+(?:de\s+(?:seguridad|contenido)\s+)?(?:están|han\s+sido|fueron)\s+(?:\S+\s+){0,2}?(?:desactivad|eliminad|suspendid|levantad)[oa]s`,
  r`(?:tuoi|tue)\s+(?:filtri|regole|restrizioni)\s+(?:di\s+(?:sicurezza|contenuto)\s+)?(?:sono|sono\s+stat[ie])\s+(?:\S+\s+){0,2}?(?:disattivat|rimoss|sospes)[ie]`,
  r`(?:seus|os|suas)\s+(?:filtros|regras|restrições)\s+(?:de\s+(?:segurança|conteúdo)\s+)?(?:estão|foram)\s+(?:\S+\s+){0,2}?(?:desativad|removid|suspens)[oa]s`,
  r`(?:твои|ваши)\s+(?:фильтры|ограничения|правила)\s+(?:безопасности\s+)?(?:\S+\s+)?(?:отключены|сняты|деактивированы)`,
  r`(?:je|jouw)\s+(?:veiligheids|inhouds)?(?:filters|regels|beperkingen)\s+(?:zijn|werden)\s+(?:\S+\s+){0,2}?(?:uitgeschakeld|opgeheven|verwijderd)`,
  r`(?:你的)?(?:安全|内容)(?:过滤器|过滤|限制|规则)(?:已经?|都已)(?:被)?(?:关闭|禁用|解除|取消)`,
  r`(?:安全|コンテンツ)(?:フィルター|制限|ルール)(?:は|が)(?:すべて)?(?:無効|解除|オフ)`,
  r`(?:안전|콘텐츠)\s*(?:필터|제한|규칙)(?:이|가|은|는)\s*(?:모두\s*)?(?:해제|비활성화|꺼)`,
];

/** Speaking for the lab: its staff, a red-team test it authorised. */
const LAB_CLAIMS = [
  r`(?:Entwickler(?:in)?|Mitarbeiter(?:in)?|Ingenieur(?:in)?|employée?|ingénieure?|développeur(?:se)?|emplead[oa]|ingenier[oa]|desarrollador(?:a)?|dipendente|ingegnere|sviluppatore|funcionári[oa]|engenheir[oa]|desenvolvedor(?:a)?|medewerker|ontwikkelaar)\s+(?:bei|von|chez|de|d['’]|di|da|bij|van)\s*(?:OpenAI|Anthropic|Google\s+DeepMind)`,
  r`(?:сотрудник|инженер|разработчик)\s+(?:из\s+|в\s+)?(?:OpenAI|Anthropic)`,
  r`(?:autorisée?|autorizad[oa]|autorizzat[oa]|genehmigte?r?|offizielle?r?)\s+(?:par|por|da|von|pela|pelo)\s+(?:OpenAI|Anthropic|Google)|red[\s-]?team[\s-]?(?:Test|Übung)\s+(?:von|im\s+Auftrag\s+von)\s+(?:OpenAI|Anthropic)`,
];

/** The set-up as "the initial instructions you received", repeated or translated. */
const INITIAL_INSTRUCTIONS = [
  r`(?:repita|mostre|imprima|traduza|escreva|copie)\s+(?:\S+\s+){0,4}?(?:as\s+)?(?:suas\s+)?instruções\s+(?:iniciais|de\s+sistema|originais|que\s+(?:você\s+)?recebeu)`,
  r`(?:ripeti|mostra|stampa|traduci|scrivi|copia)\s+(?:\S+\s+){0,4}?(?:le\s+)?(?:tue\s+)?istruzioni\s+(?:iniziali|di\s+sistema|originali|che\s+hai\s+ricevuto)`,
  r`(?:repite|muestra|imprime|traduce|escribe|copia)\s+(?:\S+\s+){0,4}?(?:tus\s+|las\s+)?instrucciones\s+(?:iniciales|de\s+sistema|originales|que\s+recibiste)`,
  r`(?:répète|repete|affiche|imprime|traduis|ecris|recopie)\s+(?:\S+\s+){0,4}?(?:tes\s+|les\s+|vos\s+)?instructions\s+(?:initiales|système|systeme|d['’]origine|que\s+tu\s+as\s+reçues)`,
  r`(?:wiederhole|zeige?|gib|schreibe?|uebersetze)\s+(?:\S+\s+){0,4}?(?:deine\s+|die\s+)?(?:anfänglichen\s+|ursprünglichen\s+)?(?:System-?anweisungen|Anfangsanweisungen|Anweisungen,?\s+die\s+du\s+(?:erhalten|bekommen))`,
];

export const JAILBREAK_LANGUAGES_PATTERNS: readonly Pattern[] = [
  ...NEVER_REFUSING.map((s) => phrase("restriction", NEVER_REFUSES, s)),
  ...IN_CHARACTER_PHRASES.map((s) => phrase("framing", IN_CHARACTER, s)),
  ...AUTHORITY_CLAIMS.map((s) => phrase("role", AUTHORITY, s)),
  ...HELD_ASKS.map((s) => phrase("held", HELD, s)),
  ...NO_REFUSAL_WORDS.map((s) => phrase("restriction", NEVER_REFUSES, s)),
  ...FORCED_OPENINGS.map((s) => phrase("reply", [0, 0.3, 0], s)),
  ...SAFETY_SWITCHED_OFF.map((s) => phrase("restriction", SAFETY_OFF, s)),
  ...LAB_CLAIMS.map((s) => phrase("role", AUTHORITY, s)),
  ...INITIAL_INSTRUCTIONS.map((s) => ({ ...phrase("sysprompt", SYSPROMPT, s), validate: rateAboveRequest })),
];
