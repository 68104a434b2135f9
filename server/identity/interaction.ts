import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rateLimit, TooManyRequests, type Limit } from '../http/rate-limit';
import { findIdentity, normalizeEmail } from './accounts';
import { codePage, emailPage, loginPage, messagePage, tooManyPage } from './pages';
import { OIDC_PREFIX, OIDC_SCOPES } from './provider';
import { checkCode, codeMailer, requestCode } from './sign-in-code';

/**
 * The provider's own interaction pages: GET shows "Sign in to Tourdesk". In the demo, POST .../login
 * signs a demo account, a user or an invited address in by its address alone. In production it
 * e-mails a one-time code to an address that may sign in (the same answer for any address) and
 * POST .../code signs in with it. Every POST counts against the client address's limit (429 page).
 * Consent for the app's own client is implied (see loadExistingGrant), so a consent prompt that
 * still shows up is granted here without a screen.
 */
interface Params {
  uid: string;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
}

export async function registerInteractionRoutes(
  app: FastifyInstance,
  { provider, db, config }: { provider: Provider; db: Db; config: Config },
): Promise<void> {
  const loginUrl = `${config.publicOrigin}/auth/login`;
  const production = config.mode === 'production';
  if (production && !config.smtpUrl)
    throw new Error('In production the embedded provider needs SMTP_URL for its codes');
  const mailer = codeMailer(config.smtpUrl ?? ''); // connects on its first code only
  app.addHook('onClose', async () => mailer.close());
  const invalidCode = 'That code is not valid any more: ask for a new one.';
  const demoRefusal = 'The demo signs in its demo accounts (below), its users and invited addresses only.';
  const expired = (reply: FastifyReply) =>
    html(
      reply,
      400,
      messagePage(
        'Sign-in expired',
        'This sign-in request has expired or was already used. Start again from Tourdesk.',
        {
          href: loginUrl,
          label: 'Back to Tourdesk',
        },
      ),
    );

  async function details(req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    try {
      const found = await provider.interactionDetails(req.raw, reply.raw);
      return found.uid === req.params.uid ? found : null;
    } catch {
      return null; // no or expired interaction cookie / session
    }
  }

  /** Asks the provider where to continue, then redirects there (the provider resumes the authorization). */
  async function finish(
    req: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) {
    const to = await provider.interactionResult(req.raw, reply.raw, result, { mergeWithLastSubmission: true });
    return reply.header('Cache-Control', 'no-store').redirect(to, 303);
  }

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get<{ Params: Params }>(`${OIDC_PREFIX}/interaction/:uid`, async (req, reply) => {
      const interaction = await details(req, reply);
      if (!interaction) return expired(reply);
      if (interaction.prompt.name === 'login') {
        const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
        return html(reply, 200, (production ? emailPage : loginPage)({ uid: interaction.uid, email: hint }));
      }
      if (interaction.prompt.name === 'consent') {
        const accountId = interaction.session?.accountId;
        const clientId = String(interaction.params.client_id);
        if (!accountId || clientId !== config.oidcClientId) return expired(reply);
        const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
        const grant = existing ?? new provider.Grant({ accountId, clientId });
        grant.addOIDCScope(OIDC_SCOPES);
        const grantId = await grant.save();
        return finish(req, reply, { consent: { grantId } });
      }
      return expired(reply);
    });

    /** Counts an attempt in `bucket`; past the limit, answers a 429 page with Retry-After (false). */
    async function allowed(reply: FastifyReply, bucket: string, limit: Limit): Promise<boolean> {
      try {
        await rateLimit(db, bucket, limit);
        return true;
      } catch (err) {
        if (!(err instanceof TooManyRequests)) throw err;
        reply.header('Retry-After', String(err.retryAfter));
        html(reply, 429, tooManyPage(err.retryAfter));
        return false;
      }
    }
    /** Every POST of the forms counts against the client address. */
    const throttled = (req: FastifyRequest, reply: FastifyReply) =>
      allowed(reply, `signin-form:ip:${req.ip}`, config.rateLimits.signInForm);

    scope.post<{ Params: Params; Body: { email?: unknown } }>(
      `${OIDC_PREFIX}/interaction/:uid/login`,
      async (req, reply) => {
        if (!(await throttled(req, reply))) return reply;
        const interaction = await details(req, reply);
        if (!interaction || interaction.prompt.name !== 'login') return expired(reply);
        const typed = typeof req.body?.email === 'string' ? req.body.email : '';
        const email = normalizeEmail(typed);
        const page = production ? emailPage : loginPage;
        if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
          const error = email ? 'Enter a whole e-mail address, like name@example.com.' : 'Enter an e-mail address.';
          return html(reply, 400, page({ uid: interaction.uid, email: typed, error }));
        }
        if (!production) {
          const identity = await findIdentity(db, email, config.mode);
          if (!identity) return html(reply, 400, loginPage({ uid: interaction.uid, email: typed, error: demoRefusal }));
          return finish(req, reply, { login: { accountId: identity.email, remember: true } });
        }
        // counted for any address, so that the limit says nothing about which ones may sign in
        if (!(await allowed(reply, `signin-code:email:${email}`, config.rateLimits.signInCode))) return reply;
        await requestCode(db, config, mailer, {
          interactionUid: interaction.uid,
          email,
          onSendError: (err) => req.log.error(`Could not send a sign-in code: ${err.message}`),
        });
        return html(reply, 200, codePage({ uid: interaction.uid, email }));
      },
    );

    scope.post<{ Params: Params; Body: { email?: unknown; code?: unknown } }>(
      `${OIDC_PREFIX}/interaction/:uid/code`,
      async (req, reply) => {
        if (!(await throttled(req, reply))) return reply;
        const interaction = await details(req, reply);
        if (!production || !interaction || interaction.prompt.name !== 'login') return expired(reply);
        const email = normalizeEmail(typeof req.body?.email === 'string' ? req.body.email : '').slice(0, 254);
        const typed = typeof req.body?.code === 'string' ? req.body.code.slice(0, 64) : '';
        const identity = await checkCode(db, config, interaction.uid, typed);
        if (!identity) return html(reply, 400, codePage({ uid: interaction.uid, email, error: invalidCode }));
        return finish(req, reply, { login: { accountId: identity.email, remember: true } });
      },
    );
  });
}
