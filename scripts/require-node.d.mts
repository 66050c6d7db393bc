/** require-node.mjs has no exports: importing it exits on a Node older than package.json's engines. */
export {};
