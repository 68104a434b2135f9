import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findIdentity, normalizeEmail } from './accounts';
import { loginPage, messagePage } from './pages';
import { OIDC_PREFIX, OIDC_SCOPES } from './provider';

/**
 * The provider's own interaction pages: GET shows "Sign in to Tourdesk", POST .../login signs the
 * account in. Consent for the app's own client is implied (see loadExistingGrant), so a consent
 * prompt that still shows up is granted here without a screen.
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
        return html(reply, 200, loginPage({ uid: interaction.uid, email: hint }));
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

    scope.post<{ Params: Params; Body: { email?: unknown } }>(
      `${OIDC_PREFIX}/interaction/:uid/login`,
      async (req, reply) => {
        const interaction = await details(req, reply);
        if (!interaction || interaction.prompt.name !== 'login') return expired(reply);
        const typed = typeof req.body?.email === 'string' ? req.body.email : '';
        const identity = await findIdentity(db, typed);
        if (!identity) {
          const error = typed.trim()
            ? `No account for ${normalizeEmail(typed)}. Use one of the demo accounts below.`
            : 'Enter an e-mail address.';
          return html(reply, 400, loginPage({ uid: interaction.uid, email: typed, error }));
        }
        return finish(req, reply, { login: { accountId: identity.email, remember: true } });
      },
    );
  });
}
