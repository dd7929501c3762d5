// The procedures for harm of vocabulary-harm.ts beyond English: how to make a bomb, a drug or
// malware, how to break into someone else's account, and the demand for every step or exact
// quantities. Languages: es, fr, de, pt, it, nl, pl, ru, tr, id, vi, ar, hi, zh, ja, ko. Like the
// English bare requests (vocabulary-harm-bare.ts), each procedure here is for serious harm (a
// bomb, a hard drug, malware, someone else's account) and reaches approval alone, as the public
// benchmarks count the request without a wrapper. A question about such a thing (its history, its dangers) has no
// verb of making next to it and does not match; a pump, a bath bomb or a dessert ("bomba de agua",
// "bombe de bain", "bomba alla crema") is named with its complement and is left out.
import { phrase } from "./vocabulary-multilingual.ts";
import { r, type Pattern } from "./vocabulary-parts.ts";
import type { Weights } from "./signal-kind.ts";

const PROCEDURE: Weights = [0, 0.55, 0];
const DETAIL: Weights = [0, 0.2, 0];

/** "How to make" and what is made, per language; at most one word between them. */
const PROCEDURES = [
  r`(?:cómo|como)\s+(?:se\s+)?(?:fabricar|fabrica|hacer|hace|construir|sintetizar|preparar|crear|cocinar|producir|programar|escribir|armar)\s+(?:una?\s+|el\s+|la\s+)?(?:\S+\s+)?(?:bombas?(?!\s+(?:de|da|di|del|della|ad|alla|al)\s+(?!(?:tubo|clavos|fragmentaci[oó]n|fragmenta[cç][aã]o|pregos|chiodi|racimo)\b))|explosivos?|metanfetamina|coca[ií]na|hero[ií]na|fentanilo|napalm|gas\s+nervioso|armas?\s+(?:casera|indetectable|no\s+rastreable)s?|ransomware|malware|virus\s+inform[aá]tico|keylogger)`,
  r`(?:cómo|como)\s+(?:hackear|piratear|entrar\s+en|acceder\s+a)\s+(?:la\s+|el\s+)?(?:cuenta|correo|tel[eé]fono|wifi|ordenador|computadora|instagram|facebook)\s+(?:\S+\s+)?de\s+(?:otra\s+persona|alguien|mi\s+(?:ex|vecin[oa]|jefe|pareja))`,
  r`comment\s+(?:fabriquer|faire|construire|synth[ée]tiser|pr[ée]parer|cr[ée]er|produire|programmer|[ée]crire|cuisiner)\s+(?:une?\s+|du\s+|de\s+la\s+|des\s+)?(?:\S+\s+)?(?:bombes?(?!\s+(?:de\s+bain|glac[ée]e|[àa]\s+graines|a[ée]rosol|de\s+peinture))|explosifs?|m[ée]thamph[ée]tamine|coca[iï]ne|h[ée]ro[iï]ne|fentanyl|napalm|gaz\s+neurotoxique|armes?\s+(?:artisanale|intra[cç]able)s?|ran[cç]ongiciel|ransomware|malware|logiciel\s+malveillant|virus\s+informatique|keylogger)`,
  r`comment\s+(?:pirater|hacker)\s+(?:le\s+|la\s+|l['’]\s*|les\s+)?(?:compte|wifi|t[ée]l[ée]phone|e-?mail|ordinateur|messagerie|instagram|facebook)\S*\s+(?:de\s+|d['’]\s*)(?:mon|ma|mes|son|sa|quelqu['’]un|une\s+autre\s+personne)`,
  r`wie\s+man\s+(?:eine?n?\s+)?(?:\S+\s+)?(?:(?:Rohr|Nagel|Auto)?bombe|Sprengstoff|Sprengsatz|Meth|Methamphetamin|Crystal\s+Meth|Kokain|Heroin|Fentanyl|Napalm|Nervengas|Nervenkampfstoff|Schusswaffe|Ransomware|Malware|Schadsoftware|Computervirus|Keylogger)\s+(?:selbst\s+)?(?:baut|herstellt|macht|synthetisiert|kocht|programmiert|schreibt|bastelt|mischt|zusammenbaut)`,
  r`(?:Bau|Herstellungs)anleitung\s+f[üu]r\s+(?:eine?n?\s+)?(?:\S+\s+)?(?:(?:Rohr|Nagel|Auto)?bombe|Sprengstoff|Sprengsatz|Schusswaffe)|Bombenbauanleitung|Anleitung\s+zum\s+(?:Bau|Bauen|Herstellen|Kochen)\s+(?:eine[rs]\s+|von\s+)?(?:\S+\s+)?(?:(?:Rohr|Nagel|Auto)?bombe|Sprengstoff|Sprengsatz|Meth|Methamphetamin|Schusswaffe)`,
  r`wie\s+(?:ich|man)\s+(?:in\s+)?(?:das|den|die)\s+(?:Konto|E-?Mail-?Konto|Handy|WLAN|Instagram|Facebook)\S*\s+(?:meine[rs]?|eine[rs]\s+anderen|von\s+jemand)\S*\s+(?:\S+\s+)?(?:hacke|hackt|eindringe|einbreche|knacke)`,
  r`como\s+(?:fabricar|fazer|construir|sintetizar|preparar|criar|produzir|programar|escrever|cozinhar)\s+(?:uma?\s+|o\s+|a\s+)?(?:\S+\s+)?(?:bombas?(?!\s+(?:de|da|di|del|della|ad|alla|al)\s+(?!(?:tubo|clavos|fragmentaci[oó]n|fragmenta[cç][aã]o|pregos|chiodi|racimo)\b))|explosivos?|metanfetamina|coca[ií]na|hero[ií]na|fentanil|napalm|g[aá]s\s+nervoso|armas?\s+caseiras?|ransomware|malware|v[ií]rus\s+de\s+computador|keylogger)`,
  r`como\s+(?:hackear|invadir|entrar\s+na)\s+(?:a\s+|o\s+)?(?:conta|e-?mail|celular|telefone|wifi|instagram|facebook)\s+(?:\S+\s+){0,2}?de\s+(?:outra\s+pessoa|algu[eé]m|meu\s+(?:ex|vizinho|chefe)|minha\s+(?:ex|vizinha))`,
  r`come\s+(?:fabbricare|fare|costruire|sintetizzare|preparare|creare|produrre|programmare|scrivere|cucinare)\s+(?:una?\s+|uno\s+|il\s+|la\s+|lo\s+|l['’]\s*)?(?:\S+\s+)?(?:bomba(?!\s+(?:de|da|di|del|della|ad|alla|al)\s+(?!(?:tubo|clavos|fragmentaci[oó]n|fragmenta[cç][aã]o|pregos|chiodi|racimo)\b))|bombe(?!\s+(?:de|da|di|del|della|ad|alla|al)\s+(?!(?:tubo|clavos|fragmentaci[oó]n|fragmenta[cç][aã]o|pregos|chiodi|racimo)\b))|esplosivo|esplosivi|metanfetamina|cocaina|eroina|fentanyl|napalm|gas\s+nervino|armi?\s+artigianal[ei]|ransomware|malware|virus\s+informatico|keylogger)`,
  r`come\s+(?:hackerare|violare|entrare\s+nel(?:l['’])?)\s*(?:il\s+|l['’]\s*|la\s+)?(?:account|profilo|email|telefono|wifi|instagram|facebook)\s+(?:\S+\s+)?di\s+(?:un['’]altra\s+persona|qualcuno|mi[oa]\s+(?:ex|vicin[oa]|capo))`,
  r`как\s+(?:сделать|изготовить|собрать|синтезировать|приготовить|создать|написать|сварить|произвести)\s+(?:\S+\s+)?(?:бомбу|взрывчатку|взрывное\s+устройство|метамфетамин|мет|кокаин|героин|фентанил|напалм|нервно-паралитический\s+газ|оружие|компьютерный\s+вирус|вредоносн\S+|вирус-вымогатель|кейлоггер|шифровальщик)`,
  r`hoe\s+(?:maak|bouw|synthetiseer|schrijf)\s+(?:je|ik|men)\s+(?:een\s+)?(?:\S+\s+)?(?:bom|explosief|explosieven|meth|crystal\s+meth|coca[iï]ne|hero[iï]ne|ransomware|malware|computervirus|keylogger)`,
  r`jak\s+(?:zrobi[cć]|zbudowa[cć]|zsyntetyzowa[cć]|wyprodukowa[cć]|napisa[cć]|stworzy[cć]|ugotowa[cć])\s+(?:\S+\s+)?(?:bomb[eęy]|materia[lł]\s+wybuchowy|metamfetamin[eęy]|kokain[eęy]|heroin[eęy]|ransomware|malware|wirusa|keylogger)`,
  r`(?:bomba|patlay[ıi]c[ıi]|metamfetamin|kokain|eroin|fidye\s+yaz[ıi]l[ıi]m[ıi]|zararl[ıi]\s+yaz[ıi]l[ıi]m|keylogger)\S*\s+(?:nas[ıi]l\s+(?:yap[ıi]l[ıi]r|yap[ıi]laca[gğ][ıi]n[ıi]|[üu]retilir|yapabilirim|yazılır)|yap[ıi]m[ıi](?:n[ıi])?\s+(?:anlat|a[cç][ıi]kla)|yapmay[ıi])`,
  r`cara\s+(?:membuat|merakit|mensintesis|memproduksi|menulis|meracik)\s+(?:\S+\s+)?(?:bom|bahan\s+peledak|sabu(?:-sabu)?|metamfetamin|kokain|heroin|ransomware|malware|virus\s+komputer|keylogger)`,
  r`(?:cách|cach)\s+(?:l[aà]m|ch[eế]\s+t[aạ]o|ch[eế]|t[oổ]ng\s+h[oợ]p|s[aả]n\s+xu[aấ]t|vi[eế]t|t[aạ]o)\s+(?:\S+\s+)?(?:bom|thu[oố]c\s+n[oổ]|ma\s+t[uú]y|ransomware|m[aã]\s+đ[oộ]c|virus\s+m[aá]y\s+t[ií]nh|keylogger)`,
  r`(?:كيفية|كيف)\s+(?:صنع|تصنيع|أصنع|اصنع|تحضير|صناعة|نصنع)\s+(?:\S+\s+)?(?:قنبلة|متفجرات|عبوة\s+ناسفة|الميثامفيتامين|ميثامفيتامين|الكوكايين|الهيروين|فيروس|برمجية\s+خبيثة|برنامج\s+فدية)`,
  r`(?:बम|विस्फोटक|मेथ|कोकीन|हेरोइन|कंप्यूटर\s+वायरस|मैलवेयर|रैनसमवेयर)\s+(?:कैसे\s+(?:बनाएं|बनाये|बनाते|बनाऊं|बनाना|बनाया)|बनाने\s+(?:का|की)\s+(?:तरीका|विधि))`,
  r`(?:如何|怎么|怎样|怎麼|教我)(?:制作|制造|合成|做|组装|組裝|编写|編寫|写|寫|自制)[^\n。]{0,6}?(?:炸弹|炸彈|炸药|炸藥|爆炸物|冰毒|甲基苯丙胺|可卡因|海洛因|芬太尼|毒品|神经毒气|神經毒氣|枪支|槍支|勒索软件|勒索軟體|恶意软件|惡意軟體|电脑病毒|键盘记录器)`,
  r`(?:爆弾|爆発物|覚醒剤|メタンフェタミン|コカイン|ヘロイン|フェンタニル|神経ガス|銃|ランサムウェア|マルウェア|コンピューターウイルス|キーロガー)(?:の|を)[^\n。]{0,10}?(?:作り方|作る方法|製造方法|合成方法|作成方法|作る手順|合成する方法)`,
  r`(?:폭탄|폭발물|필로폰|메스암페타민|코카인|헤로인|펜타닐|신경가스|총기|랜섬웨어|악성\s*코드|멀웨어|컴퓨터\s*바이러스|키로거)[^\n.]{0,10}?(?:만드는\s*법|만드는\s*방법|제조\s*방법|제조법|합성\s*방법|만들어\s*(?:줘|주세요))`,
];

/** Every step, exact quantities. */
const DETAILS = [
  r`paso\s+a\s+paso|detalladamente|cantidades\s+exactas|instrucciones\s+detalladas`,
  r`[ée]tape\s+par\s+[ée]tape|quantit[ée]s\s+exactes|instructions\s+d[ée]taill[ée]es`,
  r`Schritt\s+f[üu]r\s+Schritt|ausf[üu]hrlich|genaue[n]?\s+Mengen(?:angaben)?|detaillierte\s+Anleitung`,
  r`passo\s+a\s+passo|detalhadamente|quantidades\s+exatas|instru[cç][õo]es\s+detalhadas`,
  r`passo\s+(?:dopo\s+)?passo|dettagliatamente|quantit[àa]\s+esatte|istruzioni\s+dettagliate`,
  r`stap\s+voor\s+stap|exacte\s+hoeveelheden`,
  r`krok\s+po\s+kroku|(?:dokładne|dokladne)\s+(?:ilości|ilosci)`,
  r`(?:adım|adim)\s+(?:adım|adim)|tam\s+miktarlar`,
  r`langkah\s+demi\s+langkah|takaran\s+(?:yang\s+)?tepat`,
  r`(?:từng|tung)\s+(?:bước|buoc)`,
  r`خطوة\s+بخطوة|الكميات\s+الدقيقة`,
  r`(?:कदम|चरण)\s+दर\s+(?:कदम|चरण)`,
  r`пошагов\S*|подробно|шаг\s+за\s+шагом|точн\S+\s+(?:количеств|пропорци|дозировк)\S*`,
  r`一步一步|详细|詳細|逐步|详细步骤|詳細步驟|具体用量|精确(?:的)?用量|确切(?:的)?用量|具體用量`,
  r`ステップバイステップ|詳しく|詳細に|手順を詳しく|詳しい手順|正確な分量`,
  r`단계별로|자세히|단계적으로|정확한\s*(?:양|용량|배합)|자세한\s*(?:방법|절차)`,
];

/** "In detail" by its rarer word, the short one before it looked back for ("in", "en", "con"). */
const IN_DETAIL: Pattern[] = [
  { cls: "detail", w: DETAIL, before: r`\bcon\s+todo\s+`, head: r`detalle\b` },
  { cls: "detail", w: DETAIL, before: r`\ben\s+`, head: r`(?:détail|detail)s?\b` },
  { cls: "detail", w: DETAIL, before: r`\bim\s+`, head: r`Detail\b` },
  { cls: "detail", w: DETAIL, before: r`\bem\s+`, head: r`detalhes\b` },
  { cls: "detail", w: DETAIL, before: r`\bin\s+`, head: r`dettaglio\b` },
];

export const HARM_MULTILINGUAL_PATTERNS: readonly Pattern[] = [
  ...PROCEDURES.map((s) => phrase("harm", PROCEDURE, s)),
  ...DETAILS.map((s) => phrase("detail", DETAIL, s)),
  ...IN_DETAIL,
];
