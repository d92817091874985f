import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { callRecordsQuerySchema } from "./call-records-query.ts";
import { PUBLIC_API_BASE_PATH, publicApiDocument } from "./public-api-openapi.ts";

// biome-ignore lint/suspicious/noExplicitAny: a JSON document read field by field
type Json = Record<string, any>;

describe("the public API's OpenAPI document, generated from the contracts", () => {
  const document = publicApiDocument({ serverUrl: "https://ringback.example.com" }) as Json;

  it("is a valid OpenAPI 3.1 document (checked by swagger-parser, every $ref resolved)", async () => {
    // validate() dereferences in place: give it a copy.
    const validated = (await SwaggerParser.validate(JSON.parse(JSON.stringify(document)))) as Json;
    expect(validated.openapi).toBe("3.1.0");
  });

  it("describes both paths behind a bearer API key, with their parameters and errors", () => {
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(document.security).toEqual([{ apiKey: [] }]);
    const list = document.paths[`${PUBLIC_API_BASE_PATH}/call-records`].get;
    const one = document.paths[`${PUBLIC_API_BASE_PATH}/call-records/{id}`].get;
    // Every filter of the app's Call Records, documented.
    expect(list.parameters.map((p: Json) => p.name)).toEqual(
      Object.keys(callRecordsQuerySchema.shape),
    );
    for (const parameter of list.parameters) expect(parameter.description).toBeTruthy();
    expect(list.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/CallRecordPage",
    });
    expect(one.parameters[0]).toMatchObject({ name: "id", in: "path", required: true });
    expect(one.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/CallRecord",
    });
    for (const operation of [list, one]) {
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["401", "429"]));
    }
    expect(one.responses["404"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
  });

  it("has the response schemas, outcomes included, open to new fields", () => {
    const { schemas } = document.components;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(["CallRecordPage", "CallGroup", "CallRecord", "Outcomes", "Error"]),
    );
    expect(schemas.CallRecord.required).toEqual(
      expect.arrayContaining(["id", "status", "summary", "transcript", "outcomes", "answers"]),
    );
    expect(schemas.CallGroup.properties.outcomes).toBeDefined();
    expect(schemas.Error.properties.error.required).toEqual(["code", "message"]);
    // Fields may be added within v1: no schema forbids unknown properties.
    expect(JSON.stringify(schemas)).not.toContain('"additionalProperties":false');
  });
});
