/**
 * Every sentence the signed-URL service answers with. The call widget shows them after
 * "Failed to get signed URL: ", so they are written for a visitor, name no internals
 * and live in one place that tests and docs share.
 */
export const signedUrlMessages = {
  methodNotAllowed: "Use POST to request a signed URL.",
  originNotAllowed: "This site is not allowed to start demo calls.",
  missingOrWrongKey: "Missing or invalid API key.",
  bodyTooLarge: "The request body is too large.",
  bodyNotJson: 'The request body must be JSON, such as {"scenario":"it-helpdesk-mfa-reset"}.',
  bodyNotObject: "The request body must be a JSON object.",
  scenarioNotString: 'The "scenario" field must be a string.',
  unknownField: (field: string) => `Unknown field "${field.slice(0, 40)}": only "scenario" is accepted.`,
  unknownScenario: (known: readonly string[]) => `Unknown scenario. Choose one of: ${known.join(", ")}.`,
  tooManyPerMinute: "Too many call attempts. Please wait a minute and try again.",
  tooManyPerDay: "You have reached today's limit of demo calls. Please try again tomorrow.",
  tooManyFromNetwork: "Your network has reached today's limit of demo calls. Please try again tomorrow.",
  dailyCapSpent: "Today's demo calls are all used up. Please try again tomorrow.",
  limiterUnavailable: "The voice service is busy. Please try again shortly.",
  upstreamUnavailable: "The voice service is unavailable. Please try again shortly.",
  upstreamTimedOut: "The voice service did not answer in time. Please try again shortly.",
  upstreamWithoutSignedUrl: "The voice service answered without a call link. Please try again shortly.",
  notConfigured: "The voice service is not configured on this server.",
} as const;
