export { changesAccess, OPERATION_ACTIONS, OPERATION_ENTITIES, operationActionKey, operationEntityKey, type OperationAction, type OperationEntity } from './operations.ts';
