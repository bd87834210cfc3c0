/**
 * A minimal OpenAPI 3.1 document that follows every convention of
 * spec/lint/ruleset.yaml: one operation with a path parameter and a body, one
 * with a query parameter, one webhook, and the shared error responses.
 * Each rule test clones it, changes one thing, and lints with that rule only.
 */

// Free-form JSON that tests reshape; a precise type would only get in the way.
export type OpenApiDocument = Record<string, any>;

export const INSURANCE_PATH = '/v2/user/{user_id}/insurance';
export const MARKERS_PATH = '/v3/lab_tests/markers';
export const WEBHOOK = 'provider_connection_created';

const USER_ID = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
const TEAM_ID = '3d2b1f0e-5a7c-4e8b-9f21-7c0a9e4b6d53';

const CLEAN: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Rule fixture',
    version: '1.0.0',
    description: 'Smallest document that passes every rule.',
    contact: { name: 'API team', email: 'api@example.com' },
  },
  servers: [{ url: 'https://api.example.com' }],
  security: [{ ApiKey: [] }],
  tags: [
    { name: 'Insurance', description: 'Insurance records.' },
    { name: 'Lab tests', description: 'Lab marker catalog.' },
  ],
  paths: {
    [INSURANCE_PATH]: {
      post: {
        operationId: 'createInsurance',
        summary: 'Create insurance',
        description: 'Stores an insurance record for the user.',
        tags: ['Insurance'],
        parameters: [{ $ref: '#/components/parameters/UserIdPath' }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/CreateInsuranceRequest' },
              examples: {
                self_insured: { summary: 'The user is the insured person', value: { member_id: 'W123456789', relationship: 'Self' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The stored insurance record.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Insurance' },
                examples: {
                  self_insured: {
                    summary: 'The user is the insured person',
                    value: { member_id: 'W123456789', relationship: 'Self', group_id: null },
                  },
                },
              },
            },
          },
          '401': { $ref: '#/components/responses/Unauthorized' },
          '422': { $ref: '#/components/responses/UnprocessableEntity' },
          '500': { $ref: '#/components/responses/InternalServerError' },
        },
      },
    },
    [MARKERS_PATH]: {
      get: {
        operationId: 'listMarkers',
        summary: 'List lab markers',
        description: 'Lists the biomarkers and panels of the lab catalog.',
        tags: ['Lab tests'],
        parameters: [
          { name: 'lab_slug', in: 'query', description: 'Slug of the lab.', schema: { type: ['string', 'null'] } },
        ],
        responses: {
          '200': {
            description: 'A page of markers.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/MarkerPage' },
                examples: { one_marker: { summary: 'One marker', value: { markers: [{ name: 'Glucose', type: 'biomarker' }] } } },
              },
            },
          },
          '401': { $ref: '#/components/responses/Unauthorized' },
          '422': { $ref: '#/components/responses/UnprocessableEntity' },
          '500': { $ref: '#/components/responses/InternalServerError' },
        },
      },
    },
  },
  webhooks: {
    [WEBHOOK]: {
      post: {
        summary: 'Provider connection created',
        description: 'Sent when a user connects a provider.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ProviderConnectionCreatedEvent' },
              examples: {
                oura: {
                  summary: 'An Oura connection',
                  value: {
                    event_type: 'provider.connection.created',
                    data: { provider: 'oura' },
                    team_id: TEAM_ID,
                    user_id: USER_ID,
                    client_user_id: 'patient-000123',
                  },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'Acknowledged.' } },
      },
    },
  },
  components: {
    securitySchemes: {
      ApiKey: { type: 'apiKey', in: 'header', name: 'x-vital-api-key', description: 'Team API key.' },
    },
    parameters: {
      UserIdPath: {
        name: 'user_id',
        in: 'path',
        required: true,
        description: 'The service identifier of the user.',
        schema: { type: 'string', format: 'uuid' },
      },
    },
    schemas: {
      CreateInsuranceRequest: {
        type: 'object',
        additionalProperties: false,
        description: 'An insurance record to store.',
        required: ['member_id', 'relationship'],
        properties: {
          member_id: { type: 'string', example: 'W123456789' },
          relationship: { $ref: '#/components/schemas/InsuranceRelationship' },
        },
      },
      Insurance: {
        type: 'object',
        description: 'An insurance record as stored.',
        required: ['member_id', 'relationship', 'group_id'],
        properties: {
          member_id: { type: 'string', example: 'W123456789' },
          relationship: { $ref: '#/components/schemas/InsuranceRelationship' },
          group_id: { type: ['string', 'null'], description: 'Group of the insurance plan.' },
        },
      },
      InsuranceRelationship: {
        type: 'string',
        description: 'Relationship of the user to the insured person. Non-exhaustive.',
        enum: ['Self', 'Spouse', 'Other'],
        'x-non-exhaustive': true,
        example: 'Self',
      },
      MarkerPage: {
        type: 'object',
        description: 'A page of markers.',
        required: ['markers'],
        properties: {
          markers: { type: 'array', items: { $ref: '#/components/schemas/Marker' } },
        },
      },
      Marker: {
        type: 'object',
        description: 'A biomarker or panel.',
        required: ['name', 'type'],
        properties: {
          name: { type: 'string', example: 'Glucose' },
          type: { type: 'string', enum: ['biomarker', 'panel'], example: 'biomarker' },
        },
      },
      ProviderConnectionCreatedEvent: {
        type: 'object',
        description: 'The webhook envelope of a new provider connection.',
        required: ['event_type', 'data', 'team_id', 'user_id', 'client_user_id'],
        properties: {
          event_type: { type: 'string', const: 'provider.connection.created', example: 'provider.connection.created' },
          data: { type: 'object', description: 'The connection.' },
          team_id: { type: 'string', format: 'uuid', example: TEAM_ID },
          user_id: { type: 'string', format: 'uuid', example: USER_ID },
          client_user_id: { type: 'string', example: 'patient-000123' },
        },
      },
      ErrorDetail: {
        type: 'object',
        description: 'Body of every error response other than 422.',
        required: ['detail'],
        properties: { detail: { type: 'string', description: 'What went wrong.' } },
      },
      HTTPValidationError: {
        type: 'object',
        description: 'Body of a 422 response.',
        required: ['detail'],
        properties: { detail: { type: 'array', items: { $ref: '#/components/schemas/ValidationError' } } },
      },
      ValidationError: {
        type: 'object',
        description: 'One violation of the request contract.',
        required: ['loc', 'msg', 'type'],
        properties: {
          loc: { type: 'array', description: 'Where the violation is.', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
          msg: { type: 'string', description: 'Human-readable explanation.' },
          type: { type: 'string', description: 'Machine-readable kind.' },
        },
      },
    },
    responses: {
      Unauthorized: {
        description: 'The key is missing, unknown or revoked.',
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/ErrorDetail' },
            examples: { invalid_key: { summary: 'Unknown key', value: { detail: 'Invalid API key.' } } },
          },
        },
      },
      UnprocessableEntity: {
        description: 'The request does not satisfy the contract.',
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/HTTPValidationError' },
            examples: {
              missing_field: {
                summary: 'A required field is missing',
                value: { detail: [{ loc: ['body', 'member_id'], msg: 'Field required', type: 'missing' }] },
              },
            },
          },
        },
      },
      InternalServerError: {
        description: 'An unexpected error.',
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/ErrorDetail' },
            examples: { internal_error: { summary: 'Unexpected failure', value: { detail: 'Internal server error.' } } },
          },
        },
      },
    },
  },
};

/** A fresh copy of the clean document, to change one thing in. */
export function cleanDocument(): OpenApiDocument {
  return structuredClone(CLEAN);
}

export const createInsurance = (document: OpenApiDocument) => document.paths[INSURANCE_PATH].post;
export const listMarkers = (document: OpenApiDocument) => document.paths[MARKERS_PATH].get;
export const schemaNamed = (document: OpenApiDocument, name: string) => document.components.schemas[name];
