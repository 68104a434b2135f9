/**
 * Conventions for XState v5 machines written as `setup({...}).createMachine(config)`,
 * which eslint-plugin-xstate does not see into (DESIGN: pitfalls).
 *
 * - In the machine config, actions, guards, actors and delays are referenced by
 *   name: no inline functions, no inline action creators or actor logic.
 *   (`params`, `input`, `output` and `context` mappers are data, and allowed.)
 * - Action creators (`assign`, `emit`, `sendTo`, `raise`, ...) called inside a
 *   plain function in `setup({...})` or the config build an action object that
 *   nobody executes: use them as actions, or `enqueue.*` in `enqueueActions`.
 */
const ACTION_CREATORS = new Set([
  'assign',
  'emit',
  'sendTo',
  'sendParent',
  'raise',
  'log',
  'cancel',
  'forwardTo',
  'spawnChild',
  'stopChild',
  'enqueueActions',
]);
const ACTOR_CREATORS = new Set([
  'fromPromise',
  'fromCallback',
  'fromObservable',
  'fromEventObservable',
  'fromTransition',
  'createMachine',
]);
const GUARD_COMBINATORS = new Set(['and', 'or', 'not', 'stateIn']);
const ACTION_KEYS = new Set(['entry', 'exit', 'actions']);

const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';
const keyName = (property) =>
  property.type === 'Property' && !property.computed
    ? property.key.type === 'Identifier'
      ? property.key.name
      : String(property.key.value)
    : null;

/** `setup(...)` (or `setup(...).createMachine` callee object) */
const isSetupCall = (node, names) =>
  node?.type === 'CallExpression' && node.callee.type === 'Identifier' && names.setup.has(node.callee.name);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Named implementations and no stray action creators in setup().createMachine() machines' },
    messages: {
      inlineImplementation:
        'Inline {{kind}} in the machine config: name it in setup({ {{section}} }) and reference it by name.',
      inlineActionCreator:
        '`{{name}}(...)` inline in the machine config: define it as a named action in setup({ actions }).',
      inlineActorLogic: 'Inline actor logic in `src`: name it in setup({ actors }).',
      actionCreatorInFunction:
        '`{{name}}(...)` inside a plain function builds an action object that never runs: use it as an action, or `enqueue.{{name}}` inside enqueueActions.',
    },
    schema: [],
  },
  create(context) {
    const names = { setup: new Set(), creators: new Map(), actors: new Set(), guards: new Set() };

    const calleeName = (call) => (call.callee.type === 'Identifier' ? call.callee.name : null);

    function checkActionValue(node) {
      for (const item of node.type === 'ArrayExpression' ? node.elements : [node]) {
        if (!item) continue;
        if (isFunction(item))
          context.report({
            node: item,
            messageId: 'inlineImplementation',
            data: { kind: 'action', section: 'actions' },
          });
        if (item.type === 'CallExpression') {
          const name = calleeName(item);
          if (name && names.creators.has(name)) {
            context.report({ node: item, messageId: 'inlineActionCreator', data: { name: names.creators.get(name) } });
          }
        }
      }
    }

    function checkGuardValue(node) {
      if (isFunction(node)) {
        context.report({ node, messageId: 'inlineImplementation', data: { kind: 'guard', section: 'guards' } });
      } else if (node.type === 'CallExpression' && names.guards.has(calleeName(node))) {
        for (const arg of node.arguments) {
          if (arg.type === 'ArrayExpression') arg.elements.forEach((el) => el && checkGuardValue(el));
          else checkGuardValue(arg);
        }
      }
    }

    function checkSrcValue(node) {
      if (isFunction(node)) {
        context.report({ node, messageId: 'inlineImplementation', data: { kind: 'actor', section: 'actors' } });
      } else if (node.type === 'CallExpression' && names.actors.has(calleeName(node))) {
        context.report({ node, messageId: 'inlineActorLogic' });
      }
    }

    function checkAfter(node) {
      if (node.type !== 'ObjectExpression') return;
      for (const property of node.properties) {
        if (property.type === 'Property' && property.computed && isFunction(property.key)) {
          context.report({
            node: property.key,
            messageId: 'inlineImplementation',
            data: { kind: 'delay', section: 'delays' },
          });
        }
      }
    }

    /** Walk the machine config object: state nodes, transitions, invokes. */
    function walkConfig(node) {
      if (!node || typeof node !== 'object') return;
      if (node.type === 'ObjectExpression') {
        for (const property of node.properties) {
          const key = keyName(property);
          if (!key) continue;
          const value = property.value;
          if (ACTION_KEYS.has(key)) checkActionValue(value);
          else if (key === 'guard' || key === 'cond') checkGuardValue(value);
          else if (key === 'src') checkSrcValue(value);
          else if (key === 'after') checkAfter(value);
          if (['params', 'input', 'output', 'context'].includes(key)) continue;
          walkConfig(value);
        }
      } else if (node.type === 'ArrayExpression') {
        node.elements.forEach(walkConfig);
      }
    }

    /** Any action creator called inside any function within `root`. */
    function checkCreatorsInFunctions(root) {
      const stack = [{ node: root, inFunction: false }];
      while (stack.length) {
        const { node, inFunction } = stack.pop();
        if (!node || typeof node.type !== 'string') continue;
        if (inFunction && node.type === 'CallExpression') {
          const name = calleeName(node);
          if (name && names.creators.has(name)) {
            context.report({ node, messageId: 'actionCreatorInFunction', data: { name: names.creators.get(name) } });
          }
        }
        const nested = inFunction || isFunction(node) || node.type === 'FunctionDeclaration';
        for (const [key, value] of Object.entries(node)) {
          if (key === 'parent' || key === 'loc' || key === 'range') continue;
          if (Array.isArray(value)) value.forEach((child) => child && stack.push({ node: child, inFunction: nested }));
          else if (value && typeof value.type === 'string') stack.push({ node: value, inFunction: nested });
        }
      }
    }

    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'xstate') return;
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier') continue;
          const imported = spec.imported.name ?? spec.imported.value;
          if (imported === 'setup') names.setup.add(spec.local.name);
          if (ACTION_CREATORS.has(imported)) names.creators.set(spec.local.name, imported);
          if (ACTOR_CREATORS.has(imported)) names.actors.add(spec.local.name);
          if (GUARD_COMBINATORS.has(imported)) names.guards.add(spec.local.name);
        }
      },
      CallExpression(node) {
        if (isSetupCall(node, names)) {
          node.arguments.forEach(checkCreatorsInFunctions);
          return;
        }
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          !callee.computed &&
          callee.property.name === 'createMachine' &&
          isSetupCall(callee.object, names)
        ) {
          const [config] = node.arguments;
          walkConfig(config);
          if (config) checkCreatorsInFunctions(config);
        }
      },
    };
  },
};
