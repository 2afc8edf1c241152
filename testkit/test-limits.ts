/**
 * The signed-URL limits every test and bench server runs with: all their calls come from one
 * loopback visitor on one network, which the production limits (5 a minute, 10 a day, 40 a day
 * per network) would refuse long before a suite ends.
 */
export const limitsForTests = {
  SIGNED_URL_LIMIT_PER_MINUTE: "10000",
  SIGNED_URL_LIMIT_PER_DAY: "100000",
  SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY: "100000",
  SIGNED_URL_DAILY_CAP: "100000",
} as const;
