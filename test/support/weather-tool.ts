/** A well-made tool with no lint findings, for tests that change one thing about it. */
export const WEATHER_TOOL = {
  name: "get_weather",
  description: "Get the current weather for a city, in degrees Celsius.",
  inputSchema: {
    type: "object",
    properties: { city: { type: "string", description: "City name" } },
    required: ["city"],
  },
};
