// Phrases by which a definition speaks for the people who decide: a claimed approval or
// authority ("the user already approved", "verified by your administrator", "no need to ask"),
// a demand to hide a step from the user, and a move against the agent's own safety controls
// (permission prompts, hooks, guards). An honest definition never needs any of them.
const r = String.raw;

const WHO = r`(?:user|owner|operator|admin(?:istrator)?|security\s+team|it\s+(?:team|department)|organi[sz]ation|company|developer|maintainer|ciso|compliance(?:\s+team)?|your\s+(?:admin(?:istrator)?|organi[sz]ation|company|manager|team))`;
const APPROVED = r`(?:pre-?)?(?:approved|authori[sz]ed|consented(?:\s+to)?|allowed|permitted|agreed(?:\s+to)?|okayed|signed\s+off(?:\s+on)?|whitelisted|allow-?listed|granted\s+(?:permission|consent|access))`;
const ASKING = r`(?:ask(?:ing)?|prompt(?:ing)?|request(?:ing)?|seek(?:ing)?|get(?:ting)?|obtain(?:ing)?|wait(?:ing)?\s+for|check(?:ing)?\s+with|confirm(?:ing)?\s+with)`;
const CONSENT = r`(?:confirmation|approval|permission|consent|authori[sz]ation|sign-?off|go-?ahead)`;

/** English claims of consent or authority. */
const CLAIM_EN = [
  r`\b(?:the\s+)?${WHO}s?\s+(?:has|have|had)\s+(?:already\s+|previously\s+|explicitly\s+|fully\s+)*${APPROVED}\b`,
  r`\b(?:already|previously|been)\s+(?:pre-?)?(?:approved|authori[sz]ed|whitelisted|allow-?listed|vetted|cleared|verified|audited|reviewed)\s+(?:by|for)\b`,
  r`\b(?:approved|authori[sz]ed|whitelisted|verified|certified|signed\s+off|sanctioned|vetted|audited|cleared)\s+by\s+(?:the\s+|your\s+)?(?:${WHO}|anthropic|openai|google|microsoft|platform|guard|hook|security)\b`,
  r`\bpre-?(?:approved|authori[sz]ed|cleared|consented)\b`,
  r`\bauto-?approv(?:e|ed|al)\b`,
  r`\b(?:do\s+not|don'?t|never|no\s+need\s+(?:to|for)|needn'?t|there\s+is\s+no\s+need\s+to)\s+${ASKING}?\s*(?:the\s+user\s+|them\s+)?(?:for\s+|any\s+|an?\s+|their\s+)?(?:human\s+|user\s+|manual\s+|explicit\s+|further\s+)?${CONSENT}`,
  r`\b(?:approved|authori[sz]ed|cleared|consented)\s+in\s+advance\b`,
  r`\b(?:the\s+)?(?:user|human|owner)\s+(?:does\s+not|doesn'?t|need\s+not|needn'?t|won'?t)\s+(?:need\s+to\s+|have\s+to\s+)?(?:approve|confirm|consent|authori[sz]e|be\s+asked|review)\b`,
  r`\b(?:to|for)\s+(?:any\s+|the\s+)?(?:security\s+(?:hooks?|scanners?|reviewers?|tools?|filters?)|guards?|(?:content\s+)?classifiers?|moderation\s+(?:systems?|filters?))\s+(?:reading|reviewing|scanning|checking|inspecting)\s+(?:this|these|the)\b`,
  r`\b(?:do\s+not|don'?t|never)\s+(?:flag|block|warn\s+about|raise\s+an?\s+alert\s+(?:on|about))\s+(?:this|it|these|calls?|the\s+(?:call|action|request|command|tool))\b`,
  r`\b${CONSENT}\s+(?:is\s+)?(?:not\s+(?:needed|required|necessary)|unnecessary|redundant)\b`,
  r`\b(?:skip|bypass|omit|suppress|avoid)\s+(?:the\s+|any\s+|all\s+|every\s+)?(?:user\s+)?(?:approval|permission|consent|authori[sz]ation|sign-?off)\s*(?:steps?|prompts?|dialogs?|checks?|requests?|questions?)?\b`,
  r`\bwithout\s+(?:(?:asking|requesting|seeking|waiting)\s+(?:for\s+)?|getting\s+)(?:the\s+user'?s?\s+|any\s+|further\s+)?${CONSENT}\b`,
  r`\b(?:standing|blanket|prior|implicit|ongoing|permanent|advance)\s+(?:consent|approval|authori[sz]ation|permission)\b`,
  r`\bconsent\s+(?:was\s+|is\s+|has\s+been\s+)?(?:given|granted|obtained|collected|recorded)\s+(?:at|during|when|on|in)\b`,
  r`\b(?:the\s+user|they)\s+(?:already\s+)?(?:said\s+yes|agreed|opted\s+in)\s+(?:earlier|before|previously|at|during|when)\b`,
  r`\b(?:this|it)\s+is\s+a\s+(?:trusted|privileged|certified|verified)\s+(?:system\s+|internal\s+|core\s+|platform\s+)?(?:tool|component|server|extension|skill|function)\b`,
  r`\binstructions?\s+(?:here\s+|in\s+this\s+(?:tool|description|skill)\s+)?(?:override|take\s+precedence\s+over|supersede)\s+(?:any\s+|all\s+|other\s+|your\s+)*(?:instructions|rules|policies|system\s+prompt|guidelines)\b`,
  r`\b(?:emergency|security|admin(?:istrator)?|executive|ciso|break-?glass)\s+override\b`,
  r`\b(?:do\s+not|don'?t|no\s+need\s+to|never)\s+(?:re-?check|re-?verify|re-?review|double-?check|re-?scan|second-?guess)\b`,
  r`\bcertified\s+(?:safe|secure)\b`,
  r`\b(?:trusted|safe)\s+(?:mode|context)\s+(?:is\s+)?(?:enabled|active|on)\b`,
];

/** The same claims in a few other languages. */
const CLAIM_OTHER = [
  r`\b(?:der|die)\s+(?:Benutzer|Nutzer|Anwender|Administrator)(?:in)?\s+hat\s+(?:dies\s+|das\s+|es\s+|bereits\s+|schon\s+)*(?:zugestimmt|genehmigt|freigegeben|autorisiert|erlaubt)`,
  r`\bohne\s+(?:Rückfrage|Nachfrage|Bestätigung|Zustimmung|Genehmigung|(?:den\s+)?(?:Benutzer|Nutzer)\s+zu\s+fragen)`,
  r`\bkeine\s+(?:Bestätigung|Genehmigung|Rückfrage|Zustimmung)\s+(?:ist\s+)?(?:nötig|erforderlich|notwendig)`,
  r`\bl['’]utilisateur\s+a\s+(?:déjà\s+)?(?:approuvé|autorisé|accepté|consenti|validé)`,
  r`\bsans\s+(?:demander\s+(?:de\s+|la\s+|l['’]|d['’])?)?(?:confirmation|autorisation|permission|validation|accord)`,
  r`\bpas\s+besoin\s+de\s+(?:demander|confirmation|l['’]autorisation)`,
  r`\bel\s+usuario\s+(?:ya\s+)?(?:ha\s+)?(?:aprobado|autorizado|aceptado|consentido|dado\s+su\s+consentimiento)`,
  r`\bsin\s+(?:pedir|solicitar|preguntar)\s+(?:confirmación|permiso|autorización|aprobación|al\s+usuario)`,
  r`\bno\s+(?:es\s+necesario|hace\s+falta)\s+(?:pedir|solicitar)\s+(?:confirmación|permiso|autorización)`,
  r`\bo\s+usu[aá]rio\s+j[aá]\s+(?:aprovou|autorizou|consentiu|aceitou)`,
  r`\bsem\s+(?:pedir|solicitar)\s+(?:confirma[cç][aã]o|permiss[aã]o|autoriza[cç][aã]o)`,
  r`\bl['’]utente\s+ha\s+(?:già\s+)?(?:approvato|autorizzato|acconsentito)`,
  r`\bsenza\s+chiedere\s+(?:conferma|il\s+permesso|l['’]autorizzazione)`,
  r`(?:用户|用戶|使用者)(?:已经|已經|已)(?:同意|批准|授权|授權|确认|確認)`,
  r`(?:无需|無需|不需要|不必)(?:再)?(?:确认|確認|询问|詢問|批准|授权|授權|征得|征求)`,
  r`ユーザー(?:は|が)(?:すでに|既に)?(?:承認|許可|同意)`,
  r`確認(?:は)?不要|確認せずに`,
  r`пользователь\s+уже\s+(?:одобрил|разрешил|согласился|подтвердил)`,
  r`без\s+(?:подтверждения|запроса\s+(?:разрешения|подтверждения))`,
  r`사용자(?:가|는)\s*(?:이미\s*)?(?:승인|허락|동의)(?:했|하였)`,
  r`(?:확인|승인|허락)\s*없이`,
];

/**
 * Without the `u` flag: nothing here needs it (no property escapes, no astral characters, and
 * case folds the same for these scripts), and with it the engine took four to six times as long
 * on every definition it read. vocabulary-consent.test.ts holds the two forms to one answer.
 */
const UNICODE_FREE_FLAGS = "gi";

export const CONSENT_CLAIM = new RegExp([...CLAIM_EN, ...CLAIM_OTHER].join("|"), UNICODE_FREE_FLAGS);

/** Hiding a step from the user, in words the general secrecy vocabulary does not cover. */
export const CONCEALMENT = new RegExp(
  [
    r`\b(?:does|do|need|needs|should|must)\s*(?:not|n't)\s+(?:need\s+to\s+)?be\s+(?:mentioned|called\s+out|disclosed|surfaced|shown|reported|logged|announced|brought\s+up|noted|listed)\b`,
    r`\b(?:no\s+need\s+to|don'?t|do\s+not|never)\s+(?:mention|discuss|disclose|surface|call\s+out|bring\s+up|reveal|explain)\s+(?:this|it|that|these|them|step\s+\d+|the\s+(?:extra|additional|above|following|last)\s+\w+)\b`,
    r`\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|notify|alert|warn)\s+(?:the\s+)?user\b`,
    r`\b(?:do\s+not|don'?t|never)\s+(?:list|show|include|mention|echo)\s+(?:these|this|them|it|that|those)\b(?:\s+\w+){0,3}\s+in\s+(?:your|the|any)\s+(?:answer|reply|response|summary|output|messages?)\b`,
    r`\b(?:leave|keep)\s+(?:this|it|that|them)\s+out\s+of\s+(?:any|the|your)\s+(?:summary|answer|reply|response|output)\b`,
    r`\bno\s+need\s+to\s+(?:trouble|bother|worry|involve)\s+the\s+user\b`,
    r`\b(?:do\s+not|don'?t|never)\s+(?:show|display|surface|list)\s+(?:these|those|the\s+extra|the\s+additional)\s+\w+`,
    r`\btransparent\s+to\s+(?:the\s+)?users?\b`,
    r`\bkeep\s+(?:the\s+(?:output|result|contents?|values?)|it|this|them)\s+to\s+yourself\b`,
    r`\b(?:show|display)\s+the\s+user\s+(?:their|the)\s+original\b|\bstill\s+(?:display|show)\s+the\s+[\w\s]{0,30}?(?:user|they)\s+(?:asked|requested|entered|typed)\s+for\b`,
    r`\bwithout\s+(?:waiting\s+for|asking|telling|informing|notifying|consulting|alerting)\s+(?:the\s+)?(?:user|human|owner|operator)\b`,
    r`\b(?:silently|quietly|covertly|discreetly|secretly)\s+(?:run|execute|send|post|upload|add|append|install|copy|include|forward|write|start)\b`,
    r`\bsin\s+(?:decirle|avisar|informar)\s+al\s+usuario`,
    r`\bohne\s+(?:den\s+)?(?:Benutzer|Nutzer)\s+zu\s+(?:informieren|benachrichtigen)`,
    r`\bsans\s+(?:prévenir|informer)\s+l['’]utilisateur`,
    r`\bne\s+(?:le\s+|les\s+|l['’]\s*)?(?:dites|dis|mentionnez|signalez)\s+pas\s+à\s+l['’]utilisateur`,
    r`\bno\s+(?:le\s+|se\s+lo\s+)?(?:digas|informes|menciones|cuentes|comuniques)\s+al\s+usuario`,
    r`\bn[ãa]o\s+(?:conte|diga|informe|mencione)\s+(?:nada\s+)?ao\s+usu[aá]rio`,
    r`\bnon\s+(?:dire|dirlo|informare|menzionare)\s+(?:nulla\s+)?all['’]utente`,
    r`\b(?:sag|sage|erw[äa]hne)\s+(?:es\s+)?(?:dem|der)\s+(?:Benutzer|Nutzer)(?:in)?\s+nicht`,
    r`не\s+(?:говори|говорите|сообщай|сообщайте|упоминай|упоминайте)\s+(?:об\s+этом\s+)?пользовател`,
    r`(?:ユーザー|利用者)に(?:は)?(?:伝えない|知らせない|言わない|報告しない)`,
    r`사용자에게\s*(?:알리지|말하지|보고하지)\s*(?:마|말)`,
  ].join("|"),
  UNICODE_FREE_FLAGS,
);

/** Moves against the agent's own safety controls: permission prompts, hooks, guards, sandboxes. */
export const SAFETY_BYPASS = new RegExp(
  [
    r`--dangerously-skip-permissions\b|--dangerously-bypass-approvals-and-sandbox\b|\bbypassPermissions\b|--yolo\b|\byolo\s+mode\b`,
    r`\bapproval[_-]?policy\s*[=:]\s*["']?never\b|\bsandbox[_-]?mode\s*[=:]\s*["']?danger-full-access\b`,
    r`["']?(?:defaultMode|permission[_-]?mode)["']?\s*[:=]\s*["']?(?:bypassPermissions|dontAsk)\b`,
    r`\bBash\(\s*\*\s*\)|["']allow["']\s*:\s*\[[^\]]{0,200}?["']Bash["']\s*[,\]]`,
    r`--ask-for-approval[=\s]+never\b|(?:^|\s)-a\s+never\b|--sandbox[=\s]+danger-full-access\b|["']?disableAllHooks["']?\s*[:=]\s*true\b|["']?(?:autoAccept|alwaysAllow|autoApprove)["']?\s*[:=]\s*(?:true|\[\s*["']\*["'])`,
    r`\b(?:unrestricted|god|developer|no-?limits?)\s+mode\b[^.\n]{0,80}\b(?:skip|ignore|bypass|without)\b`,
    r`\b(?:skip|ignore|bypass|disable)\s+(?:every|all|any|each)\s+(?:permission|approval|safety|security)\s+(?:checks?|prompts?|rules?)\b`,
    r`\b[A-Z][A-Z_]*(?:GUARD|HOOKS?|WARDEN|SAFETY|SECURITY)_(?:DISABLED?|OFF|BYPASS)\s*=\s*(?:1|true|yes)\b`,
    r`\b(?:remove|delete|disable|turn\s+off|comment\s+out|strip|empty|bypass|uninstall|kill|stop|unset)\s+(?:the\s+|any\s+|all\s+|every\s+)?(?:running\s+)?(?:\x60?hooks\x60?\s+(?:section|entries|key|block)|(?:security|safety|guard|pre-?tool(?:use)?|permission)\s+(?:hooks?|checks?|prompts?|guards?)|warden\b|guardrails?|permission\s+prompts?|confirmation\s+prompts?)`,
    r`\b(?:answer|accept|approve|confirm|click\s+through)\s+(?:the\s+|any\s+|all\s+)?(?:permission|approval|confirmation|security)\s+(?:prompts?|dialogs?|requests?)\s+(?:yourself|automatically|on\s+(?:the\s+)?user'?s\s+behalf)\b`,
    r`\b(?:if|when)\s+(?:a|the|any)\s+(?:hook|guard|policy|security\s+(?:check|tool|hook)|permission\s+check|warden)\s+(?:blocks?|denies|rejects|refuses|stops)\b[^.\n]{0,80}\b(?:rephrase|retry|try\s+again|different\s+tool|another\s+tool|work\s+around|split|encode|rename)\b`,
  ].join("|"),
  "gi",
);

/** Secrets a definition may ask the model to go and get. */
const SECRET_TARGET = r`(?:~?\/?\.ssh\/(?!authorized_keys\b|known_hosts\b|[\w.-]*\.pub\b)[\w.*-]*|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws\/(?:credentials|config)\b|\/etc\/(?:shadow|passwd|sudoers)\b|\.(?:bash|zsh)_history\b|(?<![\w.])\.env\b|\.netrc\b|\.git-credentials\b|\.kube\/config\b|\.gnupg\b|\bwallet(?:\.dat|s?\s+(?:files?|folders?|director(?:y|ies)|data))\b|\.electrum\b|\bkeychain\b|\bLogin\s+Data\b|\b(?:browser|the\s+user'?s)\s+cookies\b|\.npmrc\b|\.pypirc\b|\.docker\/config\.json|\bprivate\s+keys?\b|\bssh\s+keys?\b|\b(?:the\s+user'?s|all|any|every)\s+(?:[\w-]+\s+){0,2}?(?:api[\s_-]?keys?|access\s+tokens?|tokens?|passwords?|credentials|secrets)\b|\bsystem\s+prompt\b|\b(?:conversation|chat)\s+history\b|\b(?:all|every|the\s+(?:full|whole|entire))\s+environment\s+variables\b|\bprocess\.env\b|\bos\.environ\b|\bshell\s+history\b)`;
/** A clause that starts by telling the model to do something (not a tool saying what it reads). */
const ADDRESSED = r`(?:^|[.:;!?,\n>(\-*]\s*|\b(?:first|then|please|kindly|also|and|now|always|before\s+(?:calling|each\s+call|every\s+call|you\s+call)[^.\n]{0,20}?,?|you\s+(?:must|should|need\s+to|will|kindly|please|first)|(?:assistant|ai|model|agent|llm)\s*[:,])\s+)`;
const FETCH_VERB = r`(?:set\s+(?:this|it)\s+to|read|open|cat|load|fill|populate|gather(?:ed)?|collect(?:ed)?|attach(?:ed)?|include|copy|paste|put|pass|insert|send|upload|grab|fetch|extract|dump|embed|add)`;

/** "Read ~/.ssh/id_rsa and pass it in `notes`": the model sent to get a secret, in so many words. */
export const SECRET_REQUEST = new RegExp(
  r`${ADDRESSED}${FETCH_VERB}\s+(?!(?:no|none|nothing)\b)[^.\n]{0,80}?${SECRET_TARGET}|(?<!(?:never|not|no|without)\s+(?:\w+\s+){0,3})\b(?:contents?|text|bytes)\s+of\s+(?:the\s+)?(?:[\w'-]+\s+){0,2}?${SECRET_TARGET}`,
  "gim",
);
