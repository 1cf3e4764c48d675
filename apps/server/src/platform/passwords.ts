import { hash, verify } from '@node-rs/argon2';

/** Passwords are stored as argon2id hashes (the library's default parameters). */
export const hashPassword = (password: string) => hash(password);

/** Whether the password matches a stored hash; the hash carries its own parameters. */
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);
