import fp from 'fastify-plugin';
import { ContactRepository } from '../../services/contact-messages';
import { SignupRepository } from '../../services/signups';
import { UserRepository } from '../../services/users';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserRepository;
    signups: SignupRepository;
    contactMessages: ContactRepository;
  }
}

/** Data access for the product's records, one repository per table family. */
export default fp(
  async (app) => {
    app.decorate('users', new UserRepository(app.db));
    app.decorate('signups', new SignupRepository(app.db));
    app.decorate('contactMessages', new ContactRepository(app.db));
  },
  { name: 'repositories', dependencies: ['database'] },
);
