// `npm run reset-password -- <email>`: prints a link that lets the account with that email choose a
// new password (once, within an hour), for an operator to hand to its owner when the server cannot
// mail one (no SMTP_URL). Using it ends the account's other sessions, as a reset by email does.
// Refuses while a running server holds the embedded database: stop it first, or use PostgreSQL.
import { accountEmail } from '../domain/account-email.ts';
import { resetLinkForEmail } from '../backend/src/auth/password-reset.ts';
import { describeCliFailure } from '../backend/src/cli/failure.ts';
import { openDatabaseForCli } from '../backend/src/cli/open-database.ts';
import { setLogLevel } from '../backend/src/logging/logger.ts';
import { loadConfigOrExit } from '../backend/src/startup/startup-failure.ts';

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run reset-password -- <email>');
  process.exit(64);
}
// A mistyped argument is a usage error, told before the database is opened, not "no account".
if (!accountEmail.safeParse(email).success) {
  console.error(`${email} is not an email address. Usage: npm run reset-password -- <email>`);
  process.exit(64);
}
const config = loadConfigOrExit();
setLogLevel('warn');
const db = await openDatabaseForCli(config);
let exitCode = 0;
try {
  const link = await resetLinkForEmail(db.knex, config.publicUrl, email);
  if (link) {
    console.log(link);
    console.error('Give this link to the account owner: it sets a new password once, within one hour.');
    // Without PUBLIC_URL the link names this machine, which the owner may not reach.
    if (!process.env.PUBLIC_URL) console.error(`The link opens Charterline at ${config.publicUrl}, as PUBLIC_URL is not set: if the owner reaches it at another address, set PUBLIC_URL to that address and run this again.`);
  } else {
    console.error(`No account signs in with ${email}.`);
    exitCode = 1;
  }
} catch (error) {
  console.error(describeCliFailure(error, 'npm run reset-password', 'No link was made: run it again once the database answers.'));
  exitCode = 1;
} finally {
  await db.close();
}
process.exit(exitCode);
