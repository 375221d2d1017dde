// npm run docs:permissions — prints the table for docs/permissions.md from the role-walk cases.
import { permissionTableLines } from './all-cases';

process.stdout.write(`${permissionTableLines().join('\n')}\n`);
