// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

/// A minimal ERC-20 for the chain watcher's tests: a name, the decimals it is deployed with
/// (6 like USDT on Ethereum and TRON, 18 like USDT on BNB Smart Chain), mint and transfer, and a
/// batch transfer that emits many Transfer events in one transaction (for bursts and the bench).
/// Never deployed anywhere but a local node (the tests' and the demo's). Regenerate TestToken.json with
/// `npx tsx tests/chain/compile-test-token.ts` after changing it.
contract TestToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    address public immutable minter;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        minter = msg.sender;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == minter, "only the minter");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function batchTransfer(address[] calldata to, uint256[] calldata values) external returns (bool) {
        require(to.length == values.length, "lengths");
        for (uint256 i = 0; i < to.length; i++) {
            _move(msg.sender, to[i], values[i]);
        }
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
