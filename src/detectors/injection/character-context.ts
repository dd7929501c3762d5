// Tells a character the user writes about from a persona the assistant is made to be. "A villain
// with no morals" in a scene the user asks written is fiction; "you are an AI with no morals" is a
// jailbreak. The same words of amorality weigh less when the prompt asks for a piece of writing and
// never casts the assistant as anyone.

/** A piece of writing asked for about a character: a scene, a monologue, a backstory. */
const WRITING_ASK =
  /\b(?:write|draft|describe|create|develop|outline|sketch|compose)\b[^.?!\n]{0,80}?\b(?:villain|antagonist|character|protagonist|hero(?:ine)?|captain|mercenary|scene|story|chapter|monologue|speech|dialogue|backstory|poem|screenplay|script)s?\b/i;
/** The assistant cast as someone: "you are", "act as", "from now on", "stay in character". */
const CASTS_ASSISTANT =
  /\b(?:you\s+(?:are|will\s+be|shall\s+be|must|will\s+now|have\s+been|will\s+act|will\s+play|will\s+answer|will\s+respond)|you'?re|act(?:ing)?\s+(?:as|like)|pretend|role-?play\s+as|respond\s+as|answer\s+as|reply\s+as|from\s+now\s+on|stay\s+in\s+character|simulate|your\s+(?:new\s+)?(?:name|persona|role|character))\b/i;
/** Text past this is a long prompt, not a request for a scene: no discount. */
const MAX_WRITING_ASK = 2000;

/** Factor for a cluster of amorality and framing alone: below 1 for a character the user writes about. */
export function rateCharacterWriting(text: string): number {
  if (text.length > MAX_WRITING_ASK) return 1;
  return WRITING_ASK.test(text) && !CASTS_ASSISTANT.test(text) ? 0.8 : 1;
}
