import type { ContactCreate } from '../../contract/contact';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';

/** Messages from the landing page's contact form. */
export class ContactRepository {
  constructor(private readonly db: Database) {}

  async create(input: ContactCreate, userId: string | null): Promise<{ id: string; createdDate: Date }> {
    const [row] = await this.db
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        company: input.company || null,
        message: input.message,
        userId,
      })
      .returning({ id: contactMessages.id, createdDate: contactMessages.createdDate });
    if (!row) throw new Error('insert returned no row');
    return row;
  }
}
