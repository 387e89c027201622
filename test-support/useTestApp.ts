import { afterAll, beforeAll } from 'vitest';
import { demoSupplier, type Supplier } from './importFlow';
import { startTestMailbox, type TestMailbox } from './mailbox';
import { createTestApp, type DatabaseKind, type TestApp, type TestAppOptions } from './testApp';

/** Vitest hooks over createTestApp: the describe block holds its app in a const. */

/**
 * An object that stands for one made later, in a `beforeAll`: reading it before then is an error
 * that says so. Lets a describe block hold its app in a `const` instead of a `let` and a hook.
 */
export function lateBound<T extends object>(name: string, current: () => T | undefined): T {
  const made = () => {
    const target = current();
    if (!target) throw new Error(`${name} is read before beforeAll made it`);
    return target;
  };
  // Spreading it ({ ...testApp }) copies the made object's own properties, as it would the object's.
  return new Proxy({} as T, {
    get(_target, property) {
      const target = made();
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    // Written through to the made object; its prototype is the made object's, so instanceof holds.
    set: (_target, property, value) => Reflect.set(made(), property, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(made()),
    has: (_target, property) => Reflect.has(made(), property),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor(_target, property) {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), property);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/** One test app for the describe block it is called in: made before its tests, closed after them. */
export function useTestApp(kind: DatabaseKind, options?: TestAppOptions): TestApp {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(kind, options);
  });
  afterAll(() => testApp?.close());
  return lateBound('The test app', () => testApp);
}

/** A test app and the demo supplier signed in, for the describe block it is called in. */
export function useSupplierApp(
  kind: DatabaseKind,
  options?: TestAppOptions,
): { testApp: TestApp; supplier: Supplier } {
  let supplier: Supplier | undefined;
  const testApp = useTestApp(kind, options);
  beforeAll(async () => {
    supplier = await demoSupplier(testApp);
  });
  return { testApp, supplier: lateBound('The supplier', () => supplier) };
}

/**
 * A real SMTP mailbox on loopback and a test app that mails to it, for the describe block it is
 * called in: the mailbox starts first and closes last.
 */
export function useMailboxApp(
  kind: DatabaseKind,
  options: TestAppOptions = {},
): { testApp: TestApp; mailbox: TestMailbox } {
  let mailbox: TestMailbox | undefined;
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    mailbox = await startTestMailbox();
    testApp = await createTestApp(kind, { ...options, env: { ...options.env, SMTP_URL: mailbox.url } });
  });
  afterAll(async () => {
    await testApp?.close();
    await mailbox?.close();
  });
  return {
    testApp: lateBound('The test app', () => testApp),
    mailbox: lateBound('The mailbox', () => mailbox),
  };
}
