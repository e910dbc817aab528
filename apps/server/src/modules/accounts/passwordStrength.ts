import { AppError } from '../../http/errors.js';

/**
 * zxcvbn's score (0–4) a new password needs: 2 means more than a million guesses even for an attacker who
 * tries common passwords, words, names, dates, keyboard runs and repetitions first (docs/security.md#passwords).
 */
const MIN_SCORE = 2;

type Estimate = (password: string, userInputs: string[]) => { score: number };
let estimate: Promise<Estimate> | undefined;

/**
 * The strength library with its dictionaries (common passwords, words, names; a few MB), loaded on the first
 * new password rather than with the server. Server-only: the web forms check the length the contract sets.
 */
function loadEstimate(): Promise<Estimate> {
  estimate ??= (async () => {
    const [{ zxcvbn, zxcvbnOptions }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
    return (password, userInputs) => zxcvbn(password, userInputs);
  })();
  return estimate;
}

/**
 * Refuses a new password that is common or predictable (400 passwordTooCommon, saying why), judged with the
 * account's own username and nickname as words an attacker would try first. Only new passwords are judged:
 * an existing account logs in with the password it has.
 */
export async function assertStrongPassword(password: string, userInputs: string[]) {
  const { score } = (await loadEstimate())(password, userInputs.filter(Boolean));
  if (score < MIN_SCORE) throw new AppError(400, 'passwordTooCommon');
}
