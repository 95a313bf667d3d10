"""Long config and code files cut at the token limit inside their open fence (code_cut_open).

Infrastructure generators (CloudFormation, Terraform, CDK, Pulumi) write files of tens of
thousands of characters, and the token limit cuts them mid-key, mid-value or on a block just
opened, with the fence never closed. Left: complete files (fence closed, or an open fence
ending on the last bracket), snippets too short for a token limit, and "```" named inline.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CFN_ASK = "Build a CloudFormation template for secure web app infrastructure with these components."
TF_ASK = (
    "Design and implement an automated ML pipeline in Terraform with the variables and outputs."
)
CDK_ASK = "Implement the infrastructure using AWS CDK in Python with a KMS key and an RDS database."

LEAD = (
    "I'll create a production-ready CloudFormation template that implements all the specified "
    "requirements with security best practices, high availability, and scalability.\n\n"
)


# resource names of a web stack, each block of a generated file its own
PARTS = [
    "Vpc",
    "PublicSubnet",
    "PrivateSubnet",
    "InternetGateway",
    "NatGateway",
    "RouteTable",
    "SecurityGroup",
    "LoadBalancer",
    "TargetGroup",
    "Listener",
    "LaunchTemplate",
    "AutoScalingGroup",
    "Database",
    "DbSubnetGroup",
    "Bucket",
    "BucketPolicy",
    "LogGroup",
    "Alarm",
    "Topic",
    "Key",
    "Role",
    "Policy",
    "InstanceProfile",
    "Dashboard",
    "Distribution",
    "Certificate",
    "HostedZone",
    "RecordSet",
    "Queue",
    "Function",
    "Api",
    "Stage",
    "Secret",
    "Parameter",
    "Cluster",
    "Service",
    "TaskDefinition",
    "Repository",
    "Pipeline",
    "Trail",
]


def _resources(count: int) -> str:
    """CloudFormation resources, as a template generator writes them."""
    return "".join(
        f"  {name}:\n"
        f"    Type: AWS::Service{n}::{name}\n"
        f"    DependsOn: {PARTS[n - 1]}\n"
        "    Properties:\n"
        f"      {name}Name: !Sub '${{AWS::StackName}}-{name.lower()}'\n"
        f"      RetentionInDays: {7 * n + 3}\n"
        f"      Tags:\n        - Key: Tier{n}\n          Value: {name.lower()}-tier\n\n"
        for n, name in enumerate(PARTS[:count])
    )


def _template(count: int = 40) -> str:
    return (
        "```yaml\nAWSTemplateFormatVersion: '2010-09-09'\n"
        "Description: 'Secure multi-tier web application'\n\nResources:\n" + _resources(count)
    )


def _tf_variables(count: int) -> str:
    return "".join(
        f'variable "{name.lower()}_name" {{\n'
        f'  description = "Name of the {name} for resource naming ({n} of the stack)"\n'
        "  type        = string\n"
        f'  default     = "healthcare-ml-{name.lower()}-{n * 17}"\n'
        "}\n\n"
        for n, name in enumerate(PARTS[:count])
    )


def _cdk_stack(count: int) -> str:
    return (
        "```python\nfrom aws_cdk import Stack, aws_kms as kms, aws_s3 as s3\n\n\n"
        "class SecureStack(Stack):\n"
        + "".join(
            f"    def create_{name.lower()}(self) -> s3.Bucket:\n"
            f'        """Create the {name} bucket, encrypted and versioned ({n})"""\n'
            f"        return s3.Bucket(\n"
            f'            self, "{name}Store", bucket_name="{name.lower()}-{n * 31}",\n'
            f"            lifecycle_days={n * 3 + 1},\n"
            "        )\n\n"
            for n, name in enumerate(PARTS[:count])
        )
    )


# corpus mixed_config_iac_regex_generator_outputs: templates and stacks cut where they stood
CUT = (
    # a NACL entry cut mid-number ("To: 65")
    (
        CFN_ASK,
        LEAD + _template() + "  LastRule:\n    Properties:\n      PortRange:\n        To: 65",
    ),
    # an output's description cut inside its quote
    (CFN_ASK, LEAD + _template() + "Outputs:\n  LoadBalancerURL:\n    Description: 'URL of the"),
    # a dashboard body cut mid-key
    (
        CFN_ASK,
        _template()
        + "  Dashboard:\n    Properties:\n      DashboardBody: !Sub |\n        {\n"
        + '          "widgets": [\n            {\n              "x": 0,\n              "width',
    ),
    # a Terraform output block just opened
    (
        TF_ASK,
        "```hcl\n# variables.tf\n"
        + _tf_variables(40)
        + 'output "iam_roles" {\n  description = "IAM role ARNs"\n  value = {',
    ),
    # a CDK stack cut mid-argument, and one cut in a comment
    (
        CDK_ASK,
        _cdk_stack(40) + "    def create_key(self) -> kms.Key:\n        key = kms.Key(\n"
        '            self, "MasterKey",\n            enable_key',
    ),
    (CDK_ASK, _cdk_stack(40) + "    def test_access(self):\n        # In a real"),
)


@pytest.mark.parametrize(("ask", "text"), CUT)
def test_long_file_cut_in_open_fence_is_failure(ask: str, text: str) -> None:
    assert len(text) > 6000
    failure, found = hand(text, ask)
    assert failure, found
    assert "code_cut_open" in found


# lookalikes: complete files, snippets, and fences named inline
WHOLE = (
    # the template closed, its fence closed, a note after it
    (CFN_ASK, LEAD + _template() + "```\n\nDeploy it with `aws cloudformation deploy`."),
    # YAML ending in a list item, its fence closed
    (
        CFN_ASK,
        _template() + "Outputs:\n  SubnetIds:\n    Value:\n      - !Ref PrivateSubnet1\n```",
    ),
    # the fence never closed, but the file ends on its last bracket
    (TF_ASK, "```hcl\n" + _tf_variables(40) + 'output "bucket" {\n  value = aws_s3_bucket.b.id\n}'),
    (CDK_ASK, _cdk_stack(40)),
    # a short snippet left open on a list item: no file a token limit cut
    (
        CFN_ASK,
        "Add this to your template:\n\n```yaml\nOutputs:\n  SubnetIds:\n    Value:\n"
        "      - !Ref PrivateSubnet1",
    ),
    # a long answer that names "```" inline and ends on a word
    (
        CDK_ASK,
        _cdk_stack(40)
        + "```\n\nWrap each snippet in ``` when you paste it into the docs, and run cdk synth",
    ),
)


@pytest.mark.parametrize(("ask", "text"), WHOLE)
def test_complete_file_or_snippet_is_answer(ask: str, text: str) -> None:
    failure, found = hand(text, ask)
    assert not failure, found
    assert "code_cut_open" not in found
